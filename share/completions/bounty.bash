# bash completion for bounty. Generated from the command registry: bounty completions bash
_bounty() {
  local cur prev words cword first=1 i opts=""
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  while [[ ${COMP_WORDS[first]} == --* && $first -lt $COMP_CWORD ]]; do
    [[ ${COMP_WORDS[first]} == --db ]] && first=$((first + 1))
    first=$((first + 1))
  done
  if [[ $COMP_CWORD -eq $first ]]; then
    COMPREPLY=($(compgen -W "captured completions db dossier export fugitives history import redo report sample settings undo help rpc --db --json --no-color --help --version" -- "$cur"))
    return
  fi
  case ${COMP_WORDS[first]} in
    captured) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "list release show" -- "$cur")); return; } ;;
    db) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "backup check info migrate" -- "$cur")); return; } ;;
    fugitives) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "add capture delete edit list move note photo seen show" -- "$cur")); return; } ;;
    settings) [[ $COMP_CWORD -eq $((first + 1)) ]] && { COMPREPLY=($(compgen -W "get list reset set" -- "$cur")); return; } ;;
  esac
  local key="${COMP_WORDS[first]}"
  for ((i = first + 1; i < COMP_CWORD && i <= first + 2; i++)); do
    [[ ${COMP_WORDS[i]} == -* || ${COMP_WORDS[i]} =~ ^[0-9]+$ ]] && break
    key="$key ${COMP_WORDS[i]}"
  done
  case $key in
    "fugitives list")
      opts="--all --sort --desc --search --min-bounty --limit --offset --help --json"
      if [[ $prev == --sort ]]; then COMPREPLY=($(compgen -W "name bounty id manual captured" -- "$cur")); return; fi
      ;;
    "fugitives show")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives add")
      opts="--name --id --bounty --description --help --json"
      ;;
    "fugitives edit")
      opts="--name --bounty --description --new-id --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives delete")
      opts="--yes --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives move")
      opts="--to --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives capture")
      opts="--at --lat --lon --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives seen")
      opts="--lat --lon --description --at --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives photo")
      opts="--export --clear --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives note list")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives note add")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives note edit")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives note delete")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "fugitives note move")
      opts="--to --help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "captured list")
      opts="--sort --desc --search --min-bounty --limit --offset --help --json"
      if [[ $prev == --sort ]]; then COMPREPLY=($(compgen -W "name bounty id manual captured" -- "$cur")); return; fi
      ;;
    "captured show")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "captured release")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
      ;;
    "settings list")
      opts="--help --json"
      ;;
    "settings get")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit"
      ;;
    "settings set")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit"
      ;;
    "settings reset")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts hunter.name agency.name currency commission.rate rounding fugitives.sort captured.sort confirm.delete color history.limit"
      ;;
    "report")
      opts="--format --from --to --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "text markdown csv json html" -- "$cur")); return; fi
      ;;
    "dossier")
      opts="--format --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "text markdown html" -- "$cur")); return; fi
      [[ $cur != -* ]] && opts="$opts $(bounty completions ids 2>/dev/null)"
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
      ;;
    "export")
      opts="--format --output --help --json"
      if [[ $prev == --format ]]; then COMPREPLY=($(compgen -W "csv json" -- "$cur")); return; fi
      ;;
    "db info")
      opts="--help --json"
      ;;
    "db check")
      opts="--help --json"
      ;;
    "db migrate")
      opts="--help --json"
      ;;
    "db backup")
      opts="--help --json"
      ;;
    "completions")
      opts="--help --json"
      [[ $cur != -* ]] && opts="$opts bash zsh fish ids"
      ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -F _bounty bounty

