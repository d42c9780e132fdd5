# fish completion for bounty. Generated from the command registry: bounty completions fish
complete -c bounty -f
complete -c bounty -l db -r -F -d 'The database file'
complete -c bounty -l json -d 'Print the result as JSON'
complete -c bounty -l no-color -d 'No colour'
complete -c bounty -l version -d 'Print the version'
complete -c bounty -n '__fish_use_subcommand' -a 'captured completions db deadlines dossier expenses export fugitives history import redo report sample settings undo workspace help rpc shell'
complete -c bounty -n '__fish_seen_subcommand_from captured; and not __fish_seen_subcommand_from list release show' -a 'list release show'
complete -c bounty -n '__fish_seen_subcommand_from db; and not __fish_seen_subcommand_from add-hunter backup check copy info init-agency migrate' -a 'add-hunter backup check copy info init-agency migrate'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and not __fish_seen_subcommand_from add delete edit list move split' -a 'add delete edit list move split'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and not __fish_seen_subcommand_from add alias bond capture close delete describe edit list move note photo reopen seen show' -a 'add alias bond capture close delete describe edit list move note photo reopen seen show'
complete -c bounty -n '__fish_seen_subcommand_from settings; and not __fish_seen_subcommand_from get list reset set' -a 'get list reset set'
complete -c bounty -n '__fish_seen_subcommand_from workspace; and not __fish_seen_subcommand_from get set' -a 'get set'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l all
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l sort -x -a 'name bounty id manual captured deadline'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l desc
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l asc
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l search
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l limit
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l offset
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l locate
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l format -x -a 'table csv tsv json ndjson'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from show' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l name
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l id
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l name
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l new-id
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l was-name
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l was-bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l was-description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -l search
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -l all-matching
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -l yes
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from move' -l to
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from move' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l search
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l all-matching
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l at
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l lat
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l lon
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l lat
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l lon
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l at
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -l export -r -F
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -F
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from list' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from add' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from edit' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from delete' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from move' -l to
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from move' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l amount
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l court
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l case
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l fta
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l forfeiture
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from bond' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l dob
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l height
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l weight
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l eyes
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l hair
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l marks
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from describe' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from alias; and __fish_seen_subcommand_from add' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from alias; and __fish_seen_subcommand_from delete' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from close' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from reopen' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from list' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from add' -l amount
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from add' -l memo
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from add' -l date
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from add' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from edit' -l amount
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from edit' -l memo
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from edit' -l date
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from edit' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from delete' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from move' -l to
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from move' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from split' -l amount
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from split' -l memo
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from split' -l by -x -a 'bond even'
complete -c bounty -n '__fish_seen_subcommand_from expenses; and __fish_seen_subcommand_from split' -l date
complete -c bounty -n '__fish_seen_subcommand_from deadlines' -l within
complete -c bounty -n '__fish_seen_subcommand_from deadlines' -l format -x -a 'table csv tsv json ndjson'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l sort -x -a 'name bounty id manual captured deadline'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l desc
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l asc
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l search
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l limit
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l offset
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l locate
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l format -x -a 'table csv tsv json ndjson'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from show' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from release' -l search
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from release' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from release' -l all-matching
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from list' -l format -x -a 'table csv tsv json ndjson'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from get' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from currency' -x -a 'USD EUR GBP CAD AUD NZD CHF MXN SEK JPY KRW BHD KWD JOD'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from rounding' -x -a 'half-even half-up'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from fugitives.sort' -x -a 'name bounty id manual captured deadline'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from captured.sort' -x -a 'name bounty id manual captured deadline'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from confirm.delete' -x -a 'true false'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from color' -x -a 'auto always never'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set; and __fish_seen_subcommand_from pager' -x -a 'auto never'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from reset' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager'
complete -c bounty -n '__fish_seen_subcommand_from report' -l format -x -a 'text markdown csv json html'
complete -c bounty -n '__fish_seen_subcommand_from report' -l from
complete -c bounty -n '__fish_seen_subcommand_from report' -l to
complete -c bounty -n '__fish_seen_subcommand_from report' -l output -r -F
complete -c bounty -n '__fish_seen_subcommand_from dossier' -l format -x -a 'text markdown html'
complete -c bounty -n '__fish_seen_subcommand_from dossier' -l redact
complete -c bounty -n '__fish_seen_subcommand_from dossier' -l output -r -F
complete -c bounty -n '__fish_seen_subcommand_from dossier' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from import' -l format -x -a 'csv json'
complete -c bounty -n '__fish_seen_subcommand_from import' -l replace
complete -c bounty -n '__fish_seen_subcommand_from import' -l ignore-unknown-columns
complete -c bounty -n '__fish_seen_subcommand_from import' -F
complete -c bounty -n '__fish_seen_subcommand_from export' -l format -x -a 'csv json'
complete -c bounty -n '__fish_seen_subcommand_from export' -l output -r -F
complete -c bounty -n '__fish_seen_subcommand_from db; and __fish_seen_subcommand_from check' -l repair
complete -c bounty -n '__fish_seen_subcommand_from db; and __fish_seen_subcommand_from backup' -F
complete -c bounty -n '__fish_seen_subcommand_from db; and __fish_seen_subcommand_from copy' -l from
complete -c bounty -n '__fish_seen_subcommand_from db; and __fish_seen_subcommand_from copy' -l to
complete -c bounty -n '__fish_seen_subcommand_from db; and __fish_seen_subcommand_from add-hunter' -l admin
complete -c bounty -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish ids'

