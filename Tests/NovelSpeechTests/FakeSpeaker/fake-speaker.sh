#!/bin/sh
# The speaking command of the command engine's tests, of our own: for each line it reads on standard input
# it logs `said: LINE` to the file LOG, then "speaks" as told; it logs each signal it gets.
#
#   fake-speaker.sh LOG [--pid FILE] [--seconds N] [--child FILE] [--leave-child FILE] [--ignore-term]
#
# --pid FILE          writes its process id (its group's: the engine starts it as a group's leader) first
# --seconds N         each line takes N seconds to say
# --child FILE        says each line through a child process (sleep 30), whose id it writes to FILE
# --leave-child FILE  at the end starts such a child, writes its id to FILE and exits without it
# --ignore-term       logs SIGTERM and goes on (its children ignore SIGTERM too): only SIGKILL ends it
log=$1
shift
pid_file='' seconds=0 child_file='' leave_file='' ignore_term=''
while [ $# -gt 0 ]; do
    case $1 in
    --pid) pid_file=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --child) child_file=$2; shift 2 ;;
    --leave-child) leave_file=$2; shift 2 ;;
    --ignore-term) ignore_term=1; shift ;;
    *) echo "fake-speaker: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -n "$pid_file" ]; then echo $$ > "$pid_file.part" && mv "$pid_file.part" "$pid_file"; fi
if [ -n "$ignore_term" ]; then
    trap 'echo "signal: TERM (ignored)" >> "$log"' TERM
else
    trap 'echo "signal: TERM" >> "$log"; exit 143' TERM
fi
trap 'echo "signal: INT" >> "$log"; exit 130' INT
trap 'echo "signal: HUP" >> "$log"; exit 129' HUP

# Starts `sleep $1` in the background and writes its id to the file $2 when one is given. With --ignore-term
# the child ignores SIGTERM too: ignored while it starts, which it keeps through exec (a subshell that ignored
# it itself could get the signal before it does so, and run this shell's trap).
start_sleep() {
    if [ -n "$ignore_term" ]; then trap '' TERM; fi
    sleep "$1" &
    child=$!
    if [ -n "$ignore_term" ]; then trap 'echo "signal: TERM (ignored)" >> "$log"' TERM; fi
    if [ -n "$2" ]; then echo "$child" > "$2.part" && mv "$2.part" "$2"; fi
}

# Waits for the child to end: a trapped signal cuts `wait` short, so it waits again while the child lives.
wait_for_child() {
    while kill -0 "$child" 2>/dev/null; do wait "$child"; done
}

# A line is logged once its speaking has begun: a test that stops on seeing it stops a speaking command.
while IFS= read -r line; do
    if [ -n "$child_file" ]; then
        start_sleep 30 "$child_file"
        echo "said: $line" >> "$log"
        wait_for_child
    elif [ "$seconds" != 0 ]; then
        start_sleep "$seconds" ''
        echo "said: $line" >> "$log"
        wait_for_child
    else
        echo "said: $line" >> "$log"
    fi
done
if [ -n "$leave_file" ]; then start_sleep 30 "$leave_file"; fi
exit 0
