# bash completion for bounty. Generated from the command registry: bounty completions bash
# bash-completion loads it from share/bash-completion/completions; or source it from ~/.bashrc.

# Offers what $1 names for the word being completed: ids (the Fugitive ID#s of the database the
# line names), files [EXTENSION...], words WORD..., setting (the values of the key before it),
# text (nothing).
_bounty_value() {
  local IFS=$' \t\n' kind=${1%% *} extension
  local -a extensions=(${1#"$kind"})
  case $kind in
    ids) COMPREPLY=($(compgen -W "$(bounty "${db[@]}" completions ids 2>/dev/null)" -- "$cur")) ;;
    files)
      compopt -o filenames 2>/dev/null
      IFS=$'\n'  # file names may hold spaces
      if [[ ${#extensions[@]} -eq 0 ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
      else
        COMPREPLY=($(compgen -d -- "$cur"))
        for extension in "${extensions[@]}"; do
          COMPREPLY+=($(compgen -f -X "!*.$extension" -- "$cur"))
        done
      fi
      ;;
    words) COMPREPLY=($(compgen -W "${1#words }" -- "$cur")) ;;
    setting)
      case $prev in
        currency) COMPREPLY=($(compgen -W "USD EUR GBP CAD AUD NZD CHF MXN SEK JPY KRW BHD KWD JOD" -- "$cur")) ;;
        rounding) COMPREPLY=($(compgen -W "half-even half-up" -- "$cur")) ;;
        fugitives.sort) COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")) ;;
        captured.sort) COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")) ;;
        confirm.delete) COMPREPLY=($(compgen -W "true false" -- "$cur")) ;;
        color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")) ;;
        pager) COMPREPLY=($(compgen -W "auto never" -- "$cur")) ;;
      esac
      ;;
  esac
}

_bounty() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local i first=1 n=0 count=0 key="" try="" opts="" valued="" action="" repeated=0
  local db=() positionals=()
  COMPREPLY=()
  # ID#s come from the database the command line names.
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
    [[ ${COMP_WORDS[i]} == --db=* ]] && db=("${COMP_WORDS[i]}")
  done
  [[ $prev == --db ]] && { _bounty_value files; return; }
  while [[ $first -lt $COMP_CWORD && ${COMP_WORDS[first]} == -* ]]; do
    [[ ${COMP_WORDS[first]} == --db || ${COMP_WORDS[first]} == --jq ]] && first=$((first + 1))
    first=$((first + 1))
  done
  if [[ $COMP_CWORD -eq $first ]]; then
    COMPREPLY=($(compgen -W "fugitives expenses deadlines captured settings report dossier history undo redo sample import export db workspace completions help rpc shell --db --json --jq --color --no-color --no-pager --no-photo --help --version" -- "$cur"))
    return
  fi
  # The command: the longest run of words that names a command, a short form or a group.
  local known="|fugitives list|fugitives show|fugitives add|add|fugitives edit|edit|fugitives delete|delete|fugitives move|move|fugitives capture|capture|fugitives seen|seen|fugitives photo|photo|fugitives note list|note list|fugitives note add|note add|fugitives note edit|note edit|fugitives note delete|note delete|fugitives note move|note move|fugitives bond|bond|fugitives describe|describe|fugitives alias add|alias add|fugitives alias delete|alias delete|fugitives close|close|fugitives reopen|reopen|expenses list|expenses add|expenses edit|expenses delete|expenses move|expenses split|deadlines|captured list|captured show|captured release|release|settings list|settings get|get|settings set|set|settings reset|reset|report|dossier|history|undo|redo|sample|import|export|db info|db check|db migrate|db backup|db copy|db init-agency|db add-hunter|workspace get|workspace set|completions|fugitives|fugitives note|note|fugitives alias|alias|expenses|captured|settings|db|workspace|help|"
  for ((i = first; i < COMP_CWORD && i < first + 3; i++)); do
    try="${try:+$try }${COMP_WORDS[i]}"
    [[ $known == *"|$try|"* ]] || break
    key=$try n=$((i - first + 1))
  done
  if [[ $COMP_CWORD -eq $((first + n)) ]]; then
    case $key in
      "fugitives") COMPREPLY=($(compgen -W "list show add edit delete move capture seen photo note bond describe alias close reopen" -- "$cur")); return ;;
      "fugitives note") COMPREPLY=($(compgen -W "list add edit delete move" -- "$cur")); return ;;
      "note") COMPREPLY=($(compgen -W "list add edit delete move" -- "$cur")); return ;;
      "fugitives alias") COMPREPLY=($(compgen -W "add delete" -- "$cur")); return ;;
      "alias") COMPREPLY=($(compgen -W "add delete" -- "$cur")); return ;;
      "expenses") COMPREPLY=($(compgen -W "list add edit delete move split" -- "$cur")); return ;;
      "captured") COMPREPLY=($(compgen -W "list show release" -- "$cur")); return ;;
      "settings") COMPREPLY=($(compgen -W "list get set reset" -- "$cur")); return ;;
      "db") COMPREPLY=($(compgen -W "info check migrate backup copy init-agency add-hunter" -- "$cur")); return ;;
      "workspace") COMPREPLY=($(compgen -W "get set" -- "$cur")); return ;;
      help) COMPREPLY=($(compgen -W "fugitives expenses deadlines captured settings report dossier history undo redo sample import export db workspace completions help rpc shell" -- "$cur")); return ;;
    esac
  fi
  case $key in
    "fugitives list")
      opts="--all --sort --desc --asc --search --min-bounty --limit --offset --locate --format --header --json --help"
      valued="--sort --search --min-bounty --limit --offset --locate --format"
      positionals=() repeated=0
      case $prev in
        --sort) _bounty_value "words name bounty id manual captured deadline"; return ;;
        --search) _bounty_value "text"; return ;;
        --min-bounty) _bounty_value "text"; return ;;
        --limit) _bounty_value "text"; return ;;
        --offset) _bounty_value "text"; return ;;
        --locate) _bounty_value "ids"; return ;;
        --format) _bounty_value "words table csv tsv json ndjson"; return ;;
      esac
      ;;
    "fugitives show")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "fugitives add"|"add")
      opts="--name --id --bounty --description --json --help"
      valued="--name --id --bounty --description"
      positionals=() repeated=0
      case $prev in
        --name) _bounty_value "text"; return ;;
        --id) _bounty_value "text"; return ;;
        --bounty) _bounty_value "text"; return ;;
        --description) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives edit"|"edit")
      opts="--name --bounty --description --new-id --was-name --was-bounty --was-description --json --help"
      valued="--name --bounty --description --new-id --was-name --was-bounty --was-description"
      positionals=("ids") repeated=0
      case $prev in
        --name) _bounty_value "text"; return ;;
        --bounty) _bounty_value "text"; return ;;
        --description) _bounty_value "text"; return ;;
        --new-id) _bounty_value "text"; return ;;
        --was-name) _bounty_value "text"; return ;;
        --was-bounty) _bounty_value "text"; return ;;
        --was-description) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives delete"|"delete")
      opts="--search --min-bounty --all-matching --yes --json --help"
      valued="--search --min-bounty"
      positionals=("ids") repeated=1
      case $prev in
        --search) _bounty_value "text"; return ;;
        --min-bounty) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives move"|"move")
      opts="--to --json --help"
      valued="--to"
      positionals=("ids") repeated=0
      case $prev in
        --to) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives capture"|"capture")
      opts="--search --min-bounty --all-matching --at --lat --lon --json --help"
      valued="--search --min-bounty --at --lat --lon"
      positionals=("ids") repeated=1
      case $prev in
        --search) _bounty_value "text"; return ;;
        --min-bounty) _bounty_value "text"; return ;;
        --at) _bounty_value "text"; return ;;
        --lat) _bounty_value "text"; return ;;
        --lon) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives seen"|"seen")
      opts="--lat --lon --description --at --clear --json --help"
      valued="--lat --lon --description --at"
      positionals=("ids") repeated=0
      case $prev in
        --lat) _bounty_value "text"; return ;;
        --lon) _bounty_value "text"; return ;;
        --description) _bounty_value "text"; return ;;
        --at) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives photo"|"photo")
      opts="--export --force --clear --json --help"
      valued="--export"
      positionals=("ids" "files png jpg jpeg PNG JPG JPEG") repeated=0
      case $prev in
        --export) _bounty_value "files"; return ;;
      esac
      ;;
    "fugitives note list"|"note list")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "fugitives note add"|"note add")
      opts="--json --help"
      valued=""
      positionals=("ids" "text") repeated=0
      ;;
    "fugitives note edit"|"note edit")
      opts="--json --help"
      valued=""
      positionals=("ids" "text" "text") repeated=0
      ;;
    "fugitives note delete"|"note delete")
      opts="--json --help"
      valued=""
      positionals=("ids" "text") repeated=0
      ;;
    "fugitives note move"|"note move")
      opts="--to --json --help"
      valued="--to"
      positionals=("ids" "text") repeated=0
      case $prev in
        --to) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives bond"|"bond")
      opts="--amount --court --case --fta --forfeiture --clear --json --help"
      valued="--amount --court --case --fta --forfeiture"
      positionals=("ids") repeated=0
      case $prev in
        --amount) _bounty_value "text"; return ;;
        --court) _bounty_value "text"; return ;;
        --case) _bounty_value "text"; return ;;
        --fta) _bounty_value "text"; return ;;
        --forfeiture) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives describe"|"describe")
      opts="--dob --height --weight --eyes --hair --marks --clear --json --help"
      valued="--dob --height --weight --eyes --hair --marks"
      positionals=("ids") repeated=0
      case $prev in
        --dob) _bounty_value "text"; return ;;
        --height) _bounty_value "text"; return ;;
        --weight) _bounty_value "text"; return ;;
        --eyes) _bounty_value "text"; return ;;
        --hair) _bounty_value "text"; return ;;
        --marks) _bounty_value "text"; return ;;
      esac
      ;;
    "fugitives alias add"|"alias add")
      opts="--json --help"
      valued=""
      positionals=("ids" "text") repeated=0
      ;;
    "fugitives alias delete"|"alias delete")
      opts="--json --help"
      valued=""
      positionals=("ids" "text") repeated=0
      ;;
    "fugitives close"|"close")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "fugitives reopen"|"reopen")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "expenses list")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "expenses add")
      opts="--amount --memo --date --json --help"
      valued="--amount --memo --date"
      positionals=("ids") repeated=0
      case $prev in
        --amount) _bounty_value "text"; return ;;
        --memo) _bounty_value "text"; return ;;
        --date) _bounty_value "text"; return ;;
      esac
      ;;
    "expenses edit")
      opts="--amount --memo --date --json --help"
      valued="--amount --memo --date"
      positionals=("ids" "text") repeated=0
      case $prev in
        --amount) _bounty_value "text"; return ;;
        --memo) _bounty_value "text"; return ;;
        --date) _bounty_value "text"; return ;;
      esac
      ;;
    "expenses delete")
      opts="--json --help"
      valued=""
      positionals=("ids" "text") repeated=0
      ;;
    "expenses move")
      opts="--to --json --help"
      valued="--to"
      positionals=("ids" "text") repeated=0
      case $prev in
        --to) _bounty_value "text"; return ;;
      esac
      ;;
    "expenses split")
      opts="--amount --memo --by --date --json --help"
      valued="--amount --memo --by --date"
      positionals=("ids") repeated=0
      case $prev in
        --amount) _bounty_value "text"; return ;;
        --memo) _bounty_value "text"; return ;;
        --by) _bounty_value "words bond even"; return ;;
        --date) _bounty_value "text"; return ;;
      esac
      ;;
    "deadlines")
      opts="--within --format --header --json --help"
      valued="--within --format"
      positionals=() repeated=0
      case $prev in
        --within) _bounty_value "text"; return ;;
        --format) _bounty_value "words table csv tsv json ndjson"; return ;;
      esac
      ;;
    "captured list")
      opts="--sort --desc --asc --search --min-bounty --limit --offset --locate --format --header --json --help"
      valued="--sort --search --min-bounty --limit --offset --locate --format"
      positionals=() repeated=0
      case $prev in
        --sort) _bounty_value "words name bounty id manual captured deadline"; return ;;
        --search) _bounty_value "text"; return ;;
        --min-bounty) _bounty_value "text"; return ;;
        --limit) _bounty_value "text"; return ;;
        --offset) _bounty_value "text"; return ;;
        --locate) _bounty_value "ids"; return ;;
        --format) _bounty_value "words table csv tsv json ndjson"; return ;;
      esac
      ;;
    "captured show")
      opts="--json --help"
      valued=""
      positionals=("ids") repeated=0
      ;;
    "captured release"|"release")
      opts="--search --min-bounty --all-matching --json --help"
      valued="--search --min-bounty"
      positionals=("ids") repeated=1
      case $prev in
        --search) _bounty_value "text"; return ;;
        --min-bounty) _bounty_value "text"; return ;;
      esac
      ;;
    "settings list")
      opts="--format --header --json --help"
      valued="--format"
      positionals=() repeated=0
      case $prev in
        --format) _bounty_value "words table csv tsv json ndjson"; return ;;
      esac
      ;;
    "settings get"|"get")
      opts="--json --help"
      valued=""
      positionals=("words hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager") repeated=0
      ;;
    "settings set"|"set")
      opts="--json --help"
      valued=""
      positionals=("words hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager" "setting") repeated=0
      ;;
    "settings reset"|"reset")
      opts="--json --help"
      valued=""
      positionals=("words hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager") repeated=0
      ;;
    "report")
      opts="--format --from --to --output --force --json --help"
      valued="--format --from --to --output"
      positionals=() repeated=0
      case $prev in
        --format) _bounty_value "words text markdown csv json html"; return ;;
        --from) _bounty_value "text"; return ;;
        --to) _bounty_value "text"; return ;;
        --output) _bounty_value "files"; return ;;
      esac
      ;;
    "dossier")
      opts="--format --redact --custody --output --force --json --help"
      valued="--format --output"
      positionals=("ids") repeated=0
      case $prev in
        --format) _bounty_value "words text markdown html"; return ;;
        --output) _bounty_value "files"; return ;;
      esac
      ;;
    "history")
      opts="--fugitive --json --help"
      valued="--fugitive"
      positionals=() repeated=0
      case $prev in
        --fugitive) _bounty_value "text"; return ;;
      esac
      ;;
    "undo")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "redo")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "sample")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "import")
      opts="--format --replace --ignore-unknown-columns --json --help"
      valued="--format"
      positionals=("files csv json coredata") repeated=0
      case $prev in
        --format) _bounty_value "words csv json coredata"; return ;;
      esac
      ;;
    "export")
      opts="--format --output --force --json --help"
      valued="--format --output"
      positionals=() repeated=0
      case $prev in
        --format) _bounty_value "words csv json"; return ;;
        --output) _bounty_value "files"; return ;;
      esac
      ;;
    "db info")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "db check")
      opts="--repair --json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "db migrate")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "db backup")
      opts="--json --help"
      valued=""
      positionals=("files") repeated=0
      ;;
    "db copy")
      opts="--from --to --json --help"
      valued="--from --to"
      positionals=() repeated=0
      case $prev in
        --from) _bounty_value "text"; return ;;
        --to) _bounty_value "text"; return ;;
      esac
      ;;
    "db init-agency")
      opts="--json --help"
      valued=""
      positionals=() repeated=0
      ;;
    "db add-hunter")
      opts="--admin --json --help"
      valued=""
      positionals=("text") repeated=0
      ;;
    "workspace get")
      opts="--json --help"
      valued=""
      positionals=("text") repeated=0
      ;;
    "workspace set")
      opts="--json --help"
      valued=""
      positionals=("text" "text") repeated=0
      ;;
    "completions")
      opts="--json --help"
      valued=""
      positionals=("words bash zsh fish ids") repeated=0
      ;;
    *) return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  # Which positional the word is: the words since the command, less options and their values.
  for ((i = first + n; i < COMP_CWORD; i++)); do
    if [[ ${COMP_WORDS[i]} == -* ]]; then
      [[ " $valued " == *" ${COMP_WORDS[i]} "* ]] && i=$((i + 1))
    else
      count=$((count + 1))
    fi
  done
  action=${positionals[count]}
  [[ -z $action && $repeated -eq 1 ]] && action=${positionals[${#positionals[@]}-1]}
  if [[ -z $action ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))  # no positional left: the options
  else
    _bounty_value "$action"
  fi
}
complete -F _bounty bounty

