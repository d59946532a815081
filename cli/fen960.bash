# Bash completion for fen960 (installed as share/bash-completion/completions/fen960).
#
# The sub-commands, their options and the values an option takes (NAME|NAME|... in the help) are
# read from `fen960 --help` and `fen960 COMMAND --help` of the program being completed, so the
# completion follows the program, whatever commands it has. Options of type FILE and commands whose
# arguments may be files complete file names; other values (numbers, records) offer nothing.

# The help text of the program, or of one of its commands.
_fen960_help()
{
    LC_ALL=C "$1" ${2:+"$2"} --help 2>/dev/null
}

_fen960()
{
    local program=${COMP_WORDS[0]}
    local cur=${COMP_WORDS[COMP_CWORD]:-}
    local prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]:-}
    # '=' is a word break, so `--to=sh` arrives as "--to" "=" "sh".
    if [[ $cur == "=" ]]; then
        cur=
    elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    COMPREPLY=()

    # The command: the first word after the program that is no option.
    local command= i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        -* | =) ;;
        *)
            command=${COMP_WORDS[i]}
            break
            ;;
        esac
    done
    if [[ -z $command || $command == help ]]; then
        local commands
        commands=$(_fen960_help "$program" | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
        # `fen960 help COMMAND`: one command's name.
        [[ -z $command ]] && commands+=" help --help --version"
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return 0
    fi

    # Option lines (two spaces in; the help's wrapped text further in) look like "  -f,--file FILE ...", "  --to fen|shredder|xfen   Dialect ..." or
    # "  --repair      Drop ...": the value type follows the names after one space; a flag has none.
    local help line short long value options= option_value= last_option= last_value=
    local pattern='^  ((-[A-Za-z0-9]),)?(--[A-Za-z0-9-]+)( ([^ ]+))?'
    help=$(_fen960_help "$program" "$command")
    # The nearest option before the word being completed (its values may go on, as with -f FILE ...).
    for ((i = COMP_CWORD - 1; i > 0; i--)); do
        if [[ ${COMP_WORDS[i]} == -* ]]; then
            last_option=${COMP_WORDS[i]}
            break
        fi
    done
    while IFS= read -r line; do
        [[ $line =~ $pattern ]] || continue
        short=${BASH_REMATCH[2]}
        long=${BASH_REMATCH[3]}
        value=${BASH_REMATCH[5]}
        [[ $value == *: ]] && value= # "Excludes:", "Needs:" describe, they are no value
        options+=" $short $long"
        if [[ $prev == "$long" || (-n $short && $prev == "$short") ]]; then
            option_value=${value:--}
        fi
        if [[ $last_option == "$long" || (-n $short && $last_option == "$short") ]] && [[ $line == *" ..."* ]]; then
            last_value=$value
        fi
    done <<<"$help"

    case $option_value in
    *"|"*)
        mapfile -t COMPREPLY < <(compgen -W "${option_value//|/ }" -- "$cur")
        return 0
        ;;
    FILE*)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return 0
        ;;
    - | "") ;;  # a flag, or no option before: options or arguments follow
    *) return 0 ;; # a number or a name the help does not list
    esac

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return 0
    fi
    # Arguments: file names when the command takes files there (or more values of -f FILE ...).
    if [[ $last_value == FILE* ]] ||
        sed -n '/^Positionals:/,/^$/p' <<<"$help" | grep -q 'FILE'; then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
}

complete -F _fen960 fen960
