# bash completion for bounty. Generated from the command registry: bounty completions bash
_bounty() {
  local cur prev words cword first=1 i opts="" db=()
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  # ID#s come from the database the command line names.
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
    [[ ${COMP_WORDS[i]} == --db=* ]] && db=("${COMP_WORDS[i]}")
  done
  # A path: no words, so bash offers file names (-o default).
  [[ $prev == --db || $prev == --output || $prev == --export ]] && return
  while [[ ${COMP_WORDS[first]} == --* && $first -lt $COMP_CWORD ]]; do
    [[ ${COMP_WORDS[first]} == --db ]] && first=$((first + 1))
    first=$((first + 1))
  done
  if [[ $COMP_CWORD -eq $first ]]; then
    COMPREPLY=($(compgen -W "captured completions db deadlines dossier expenses export fugitives history import redo report sample settings undo workspace help rpc shell --db --json --no-color --help --version" -- "$cur"))
    return
  fi
  case ${COMP_WORDS[first]} in
    captured) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "list release show" -- "$cur")); return; } ;;
    db) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "add-hunter backup check copy info init-agency migrate" -- "$cur")); return; } ;;
    expenses) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "add delete edit list move split" -- "$cur")); return; } ;;
    fugitives) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "add alias bond capture close delete describe edit list move note photo reopen seen show" -- "$cur")); return; } ;;
    settings) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "get list reset set" -- "$cur")); return; } ;;
    workspace) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "get set" -- "$cur")); return; } ;;
    help) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "captured completions db deadlines dossier expenses export fugitives history import redo report sample settings undo workspace help rpc shell" -- "$cur")); return; } ;;
  esac
  # The command's words: as many as name a command or a group (`settings set`, not its KEY).
  local key="${COMP_WORDS[first]}" known="|captured list|captured release|captured show|db add-hunter|db backup|db check|db copy|db info|db init-agency|db migrate|expenses add|expenses delete|expenses edit|expenses list|expenses move|expenses split|fugitives add|fugitives alias|fugitives alias add|fugitives alias delete|fugitives bond|fugitives capture|fugitives close|fugitives delete|fugitives describe|fugitives edit|fugitives list|fugitives move|fugitives note|fugitives note add|fugitives note delete|fugitives note edit|fugitives note list|fugitives note move|fugitives photo|fugitives reopen|fugitives seen|fugitives show|settings get|settings list|settings reset|settings set|workspace get|workspace set|"
  for ((i = first + 1; i < COMP_CWORD && i <= first + 2; i++)); do
    [[ $known == *"|$key ${COMP_WORDS[i]}|"* ]] || break
    key="$key ${COMP_WORDS[i]}"
  done
  case $key in
    "fugitives alias") [[ $COMP_CWORD -eq $((first + 2)) ]] && { COMPREPLY=($(compgen -W "add delete" -- "$cur")); return; } ;;
    "fugitives note") [[ $COMP_CWORD -eq $((first + 2)) ]] && { COMPREPLY=($(compgen -W "list add edit delete move" -- "$cur")); return; } ;;
  esac
  case $key in
    "fugitives list")
      opts="--all --sort --desc --asc --search --min-bounty --limit --offset --locate --format --help --json"
      if [[ $prev == --sort ]]; then COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")); return; fi
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "table csv tsv json ndjson" -- "$cur")); return; fi
      ;;
    "fugitives show")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives add")
      opts="--name --id --bounty --description --help --json"
      ;;
    "fugitives edit")
      opts="--name --bounty --description --new-id --was-name --was-bounty --was-description --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives delete")
      opts="--search --min-bounty --all-matching --yes --help --json"
      ;;
    "fugitives move")
      opts="--to --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives capture")
      opts="--search --min-bounty --all-matching --at --lat --lon --help --json"
      ;;
    "fugitives seen")
      opts="--lat --lon --description --at --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives photo")
      opts="--export --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives note list")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives note add")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives note edit")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives note delete")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives note move")
      opts="--to --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives bond")
      opts="--amount --court --case --fta --forfeiture --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives describe")
      opts="--dob --height --weight --eyes --hair --marks --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives alias add")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives alias delete")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives close")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "fugitives reopen")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses list")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses add")
      opts="--amount --memo --date --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses edit")
      opts="--amount --memo --date --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses delete")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses move")
      opts="--to --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "expenses split")
      opts="--amount --memo --by --date --help --json"
      if [[ $prev == --by ]]; then COMPREPLY=($(compgen -W "bond even" -- "$cur")); return; fi
      ;;
    "deadlines")
      opts="--within --format --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "table csv tsv json ndjson" -- "$cur")); return; fi
      ;;
    "captured list")
      opts="--sort --desc --asc --search --min-bounty --limit --offset --locate --format --help --json"
      if [[ $prev == --sort ]]; then COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")); return; fi
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "table csv tsv json ndjson" -- "$cur")); return; fi
      ;;
    "captured show")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "captured release")
      opts="--search --min-bounty --all-matching --help --json"
      ;;
    "settings list")
      opts="--format --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "table csv tsv json ndjson" -- "$cur")); return; fi
      ;;
    "settings get")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager"
      ;;
    "settings set")
      opts="--help --json"
      if [[ $COMP_CWORD -eq $((first + 3)) ]]; then
        case $prev in
          currency) COMPREPLY=($(compgen -W "USD EUR GBP CAD AUD NZD CHF MXN SEK JPY KRW BHD KWD JOD" -- "$cur")) ;;
          rounding) COMPREPLY=($(compgen -W "half-even half-up" -- "$cur")) ;;
          fugitives.sort) COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")) ;;
          captured.sort) COMPREPLY=($(compgen -W "name bounty id manual captured deadline" -- "$cur")) ;;
          confirm.delete) COMPREPLY=($(compgen -W "true false" -- "$cur")) ;;
          color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")) ;;
          pager) COMPREPLY=($(compgen -W "auto never" -- "$cur")) ;;
        esac
        return
      fi
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager"
      ;;
    "settings reset")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit pager"
      ;;
    "report")
      opts="--format --from --to --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "text markdown csv json html" -- "$cur")); return; fi
      ;;
    "dossier")
      opts="--format --redact --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "text markdown html" -- "$cur")); return; fi
      [[ $cur != -* ]] && opts="$opts $(bounty "${db[@]}" completions ids 2>/dev/null)"
      ;;
    "history")
      opts="--help --json"
      ;;
    "undo")
      opts="--help --json"
      ;;
    "redo")
      opts="--help --json"
      ;;
    "sample")
      opts="--help --json"
      ;;
    "import")
      opts="--format --replace --ignore-unknown-columns --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "csv json" -- "$cur")); return; fi
      [[ $cur != -* ]] && return
      ;;
    "export")
      opts="--format --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "csv json" -- "$cur")); return; fi
      ;;
    "db info")
      opts="--help --json"
      ;;
    "db check")
      opts="--repair --help --json"
      ;;
    "db migrate")
      opts="--help --json"
      ;;
    "db backup")
      opts="--help --json"
      [[ $cur != -* ]] && return
      ;;
    "db copy")
      opts="--from --to --help --json"
      ;;
    "db init-agency")
      opts="--help --json"
      ;;
    "db add-hunter")
      opts="--admin --help --json"
      ;;
    "workspace get")
      opts="--help --json"
      ;;
    "workspace set")
      opts="--help --json"
      ;;
    "completions")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts bash zsh fish ids"
      ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _bounty bounty

