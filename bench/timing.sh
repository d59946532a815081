# Timing helpers the bench scripts share, and their input records (sourced, not run).

# seconds FILE COMMAND...: wall-clock seconds of one run of COMMAND reading FILE on standard input
# (its output discarded), by bash's own clock: reading the time with `date` started a process inside
# the interval, about a millisecond on each run.
seconds() {
    local file=$1 start end
    shift
    start=$EPOCHREALTIME
    "$@" <"$file" >/dev/null 2>&1
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" 'BEGIN { print e - s }'
}

# wall CMD...: wall-clock microseconds of one run (output discarded) in $micros, by bash's own clock,
# with no process started around the command: `time` gives milliseconds (1.3 % of a --jobs 2 run),
# and a $(...) around it made --jobs 2 1-2 ms slower (its subshell's own start took a core).
wall() {
    local start=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    local end=$EPOCHREALTIME
    micros=$((${end/./} - ${start/./}))
}

# median N...: the median of the numbers (the lower middle one of an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# smaller A B: the smaller of two numbers (B may be empty).
smaller() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }

# better BEST RESULT: of two results "T ..." (a time first, then more figures), the one with the
# smaller time (BEST may be empty).
better() {
    awk -v b="$1" -v l="$2" 'BEGIN { split(l, f, " "); split(b, g, " "); if (b == "" || f[1] < g[1]) print l; else print b }'
}

# chess960_records BUILD N SEED: the path of N seeded Chess960 records in Shredder-FEN (BUILD's
# bench/gen_records), made in BUILD/bench-data the first time.
chess960_records() {
    local data=$1/bench-data file
    file=$data/chess960-$2-$3.shredder
    mkdir -p "$data"
    [ -s "$file" ] || "$1/bench/gen_records" "$2" "$3" shredder >"$file"
    echo "$file"
}
