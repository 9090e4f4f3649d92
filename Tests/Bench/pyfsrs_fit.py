#!/usr/bin/env python3
"""The optimiser's peer in `make bench`: py-fsrs's Optimizer on a review history CSV
(card_id,time_ms,rating, as Tests/SchedulingTests/Vectors/Optimizer/generated-*.csv), a whole process.

    pyfsrs_fit.py HISTORY.csv   prints the fitted parameters, one line
"""
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Rating, ReviewLog
from fsrs.optimizer import Optimizer

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
logs = []
with open(sys.argv[1]) as handle:
    next(handle)
    for line in handle:
        card, ms, rating = line.strip().split(",")
        logs.append(ReviewLog(card_id=int(card), rating=Rating(int(rating)),
                              review_datetime=EPOCH + timedelta(milliseconds=int(ms)), review_duration=None))
print(Optimizer(logs).compute_optimal_parameters())
