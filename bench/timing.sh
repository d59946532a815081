# Timing helpers the bench scripts share, and their input records (sourced, not run).

# seconds FILE COMMAND...: wall-clock seconds of one run of COMMAND reading FILE on standard input
# (its output discarded).
seconds() {
    local file=$1 start end
    shift
    start=$(date +%s.%N)
    "$@" <"$file" >/dev/null 2>&1
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { print e - s }'
}

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
