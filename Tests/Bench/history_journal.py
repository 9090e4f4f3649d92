#!/usr/bin/env python3
"""A review history CSV (card_id,time_ms,rating) as one learner's journal, for `practice optimize` in
`make bench`: card N is question `gNNNNNNN` (not in the course, so numbered after its questions in
id order: the CSV's card order), each day one session.

    history_journal.py HISTORY.csv DATA_DIR   writes DATA_DIR/bench/physics-grade8/journal.jsonl
"""
import json, os, sys

rows = [line.strip().split(",") for line in open(sys.argv[1]).read().split("\n")[1:] if line.strip()]
folder = os.path.join(sys.argv[2], "bench", "physics-grade8")
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "journal.jsonl"), "w") as out:
    for seq, (card, ms, rating) in enumerate(sorted(rows, key=lambda r: int(r[1])), start=1):
        out.write(json.dumps({"writer": "bench", "seq": seq, "type": "answer", "time": int(ms),
                              "session": f"s{int(ms) // 86_400_000}", "question": f"g{int(card):07d}",
                              "node": "#ch1.1", "given": "x", "correct": rating != "1", "rating": int(rating)},
                             separators=(",", ":")) + "\n")
