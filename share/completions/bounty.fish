# fish completion for bounty. Generated from the command registry: bounty completions fish
complete -c bounty -f
complete -c bounty -l db -r -d 'The database file'
complete -c bounty -l json -d 'Print the result as JSON'
complete -c bounty -l no-color -d 'No colour'
complete -c bounty -l version -d 'Print the version'
complete -c bounty -n '__fish_use_subcommand' -a 'captured completions db dossier export fugitives history import redo report sample settings undo help rpc'
complete -c bounty -n '__fish_seen_subcommand_from captured; and not __fish_seen_subcommand_from list release show' -a 'list release show'
complete -c bounty -n '__fish_seen_subcommand_from db; and not __fish_seen_subcommand_from backup check info migrate' -a 'backup check info migrate'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and not __fish_seen_subcommand_from add capture delete edit list move note photo seen show' -a 'add capture delete edit list move note photo seen show'
complete -c bounty -n '__fish_seen_subcommand_from settings; and not __fish_seen_subcommand_from get list reset set' -a 'get list reset set'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l all
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l sort -x -a 'name bounty id manual captured'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l desc
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l search
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l limit
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from list' -l offset
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from show' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l name
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l id
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from add' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l name
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l bounty
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -l new-id
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from edit' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -l yes
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from delete' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from move' -l to
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from move' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l at
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l lat
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -l lon
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from capture' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l lat
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l lon
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l description
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l at
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from seen' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -l export
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -l clear
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from photo' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from list' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from add' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from edit' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from delete' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from move' -l to
complete -c bounty -n '__fish_seen_subcommand_from fugitives; and __fish_seen_subcommand_from note; and __fish_seen_subcommand_from move' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l sort -x -a 'name bounty id manual captured'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l desc
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l search
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l min-bounty
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l limit
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from list' -l offset
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from show' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from captured; and __fish_seen_subcommand_from release' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from get' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from set' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit'
complete -c bounty -n '__fish_seen_subcommand_from settings; and __fish_seen_subcommand_from reset' -a 'hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit'
complete -c bounty -n '__fish_seen_subcommand_from report' -l format -x -a 'text markdown csv json html'
complete -c bounty -n '__fish_seen_subcommand_from report' -l from
complete -c bounty -n '__fish_seen_subcommand_from report' -l to
complete -c bounty -n '__fish_seen_subcommand_from report' -l output
complete -c bounty -n '__fish_seen_subcommand_from dossier' -l format -x -a 'text markdown html'
complete -c bounty -n '__fish_seen_subcommand_from dossier' -l output
complete -c bounty -n '__fish_seen_subcommand_from dossier' -a '(bounty completions ids 2>/dev/null)'
complete -c bounty -n '__fish_seen_subcommand_from import' -l format -x -a 'csv json'
complete -c bounty -n '__fish_seen_subcommand_from import' -l replace
complete -c bounty -n '__fish_seen_subcommand_from import' -l ignore-unknown-columns
complete -c bounty -n '__fish_seen_subcommand_from export' -l format -x -a 'csv json'
complete -c bounty -n '__fish_seen_subcommand_from export' -l output
complete -c bounty -n '__fish_seen_subcommand_from completions' -a 'bash zsh fish ids'

