# What Benchmarks/instructions and Benchmarks/lookup-profile share, so that the profile's totals are
# the gated counts: the build of LookupCost and the one way it is run under callgrind. Sourced
# after scripts/lib.sh, from the repository's root.

# Builds LookupCost (a target of the benchmarks package, Benchmarks/Package.swift, beside the
# comparisons: the library's own manifest holds no benchmark) and sets `lookup_cost` to its path.
# SwiftPM keeps the plan of a path dependency's sources between builds, and misses a file added to
# the library since: plan again.
build_lookup_cost() {
    rm -f Benchmarks/.build/release.yaml Benchmarks/.build/x86_64-unknown-linux-gnu/release/description.json
    log "swift build --package-path Benchmarks -c release --product LookupCost"
    swift build --package-path Benchmarks -c release --product LookupCost >&2
    lookup_cost="$(swift build --package-path Benchmarks -c release --show-bin-path)/LookupCost"
}

# callgrind_lookup_cost OUT ROUTES REQUESTS MODE PASSES: runs LookupCost under callgrind into the
# file OUT, failing unless it finished every pass. Swift's hashing is seeded per process and
# addresses are randomized: both are fixed, so that a count repeats.
callgrind_lookup_cost() {
    local out="$1" routes="$2" requests="$3" mode="$4" passes="$5"
    SWIFT_DETERMINISTIC_HASHING=1 setarch "$(uname -m)" -R valgrind --tool=callgrind --error-exitcode=1 \
        --callgrind-out-file="$out" "$lookup_cost" "$routes" "$requests" "$mode" "$passes" \
        >"$out.stdout" 2>"$out.log" || fatal "LookupCost $mode $passes $requests failed under valgrind: $(tail -n 20 "$out.log")"
    grep -q "$(grep -c . "$requests") requests, $passes passes" "$out.stdout" \
        || fatal "LookupCost $mode $passes did not finish: $(cat "$out.stdout")"
}
