#!/usr/bin/env python3
"""folio on Apache Spark: word counts of a whole library as a map-reduce.

Map: the books are listed and cut into groups; each group is one Spark task that runs
`folio ingest --partial` on its books (the folio binary is shipped to the executors with
SparkContext.addFile). Reduce: the partials are merged in a tree of `folio merge --partial`
calls, FAN_IN at a time, as Spark tasks too; the root `folio merge` writes the word set, its
counts map and its manifest. folio's merge is associative and commutative, so the bytes are
those of one `folio ingest` of every book, whatever the grouping.

    spark-submit folio_spark.py --folio ./folio --books /data/gutenberg \
        --work /shared/folio-work --out /shared/gutenberg.fst [--group-size 200] \
        [--fan-in 16] [--min-count N] [--min-books N]

--books, --work and --out must be paths every executor and the driver see the same way (a
shared file system, or local mode). On HDFS or S3 use --stage hadoop (README.md).
"""

import argparse
import os
import shutil
import subprocess
import tempfile

from pyspark import SparkFiles
from pyspark.sql import SparkSession


def list_books(books, stage):
    """Every *.txt under `books`, sorted, spelled as `folio ingest BOOKS` spells them."""
    if stage == "hadoop":
        out = subprocess.run(
            ["hadoop", "fs", "-ls", "-R", "-C", books], check=True, capture_output=True, text=True
        ).stdout.split()
        return sorted(p for p in out if p.endswith(".txt"))
    found = []
    for root, _dirs, files in os.walk(books):
        for f in files:
            if f.endswith(".txt"):
                found.append(os.path.join(root, f))
    return sorted(found)


def folio_binary():
    """The folio binary shipped with addFile, made executable on this executor."""
    path = SparkFiles.get("folio")
    os.chmod(path, 0o755)
    return path


def run(cmd, cwd=None):
    subprocess.run(cmd, check=True, cwd=cwd)


def make_ingest(work, stage):
    def ingest(task):
        index, group = task
        folio = folio_binary()
        name = "part-%05d.part" % index
        if stage == "hadoop":
            # Books copied to a scratch folder under their names relative to the books'
            # root, so every executor gives folio the same labels (the manifest's paths).
            scratch = tempfile.mkdtemp(prefix="folio-")
            try:
                local = []
                for remote, rel in group:
                    dest = os.path.join(scratch, rel)
                    os.makedirs(os.path.dirname(dest), exist_ok=True)
                    run(["hadoop", "fs", "-get", remote, dest])
                    local.append(rel)
                run([folio, "ingest", "-q", "--partial", "-o", name] + local, cwd=scratch)
                run(["hadoop", "fs", "-put", "-f", os.path.join(scratch, name), work + "/" + name])
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            return work + "/" + name
        out = os.path.join(work, name)
        run([folio, "ingest", "-q", "--partial", "-o", out] + list(group))
        return out

    return ingest


def make_merge(work, level, stage):
    def merge(task):
        index, parts = task
        folio = folio_binary()
        name = "merge-%d-%05d.part" % (level, index)
        if stage == "hadoop":
            scratch = tempfile.mkdtemp(prefix="folio-")
            try:
                local = []
                for i, remote in enumerate(parts):
                    dest = os.path.join(scratch, "in-%d.part" % i)
                    run(["hadoop", "fs", "-get", remote, dest])
                    local.append(dest)
                out = os.path.join(scratch, name)
                run([folio, "merge", "-q", "--partial", "-o", out] + local)
                run(["hadoop", "fs", "-put", "-f", out, work + "/" + name])
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            return work + "/" + name
        out = os.path.join(work, name)
        run([folio, "merge", "-q", "--partial", "-o", out] + list(parts))
        return out

    return merge


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folio", required=True, help="the folio binary (Linux x86-64) to ship")
    ap.add_argument("--books", required=True, help="folder of *.txt books")
    ap.add_argument("--work", required=True, help="folder for the partials")
    ap.add_argument("--out", required=True, help="the word set to write (OUT.fst)")
    ap.add_argument("--group-size", type=int, default=200, help="books per map task")
    ap.add_argument("--fan-in", type=int, default=16, help="partials per merge task")
    ap.add_argument("--min-count", type=int, default=1)
    ap.add_argument("--min-books", type=int, default=1)
    ap.add_argument("--stage", choices=["shared", "hadoop"], default="shared",
                    help="shared: paths seen alike everywhere; hadoop: HDFS/S3 via `hadoop fs`")
    ap.add_argument("--master", default=None, help="Spark master (spark-submit sets it)")
    args = ap.parse_args()

    builder = SparkSession.builder.appName("folio-ingest")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    sc.addFile(os.path.abspath(args.folio))

    books = list_books(args.books, args.stage)
    if not books:
        raise SystemExit("no *.txt book under %s" % args.books)
    if args.stage == "hadoop":
        root = args.books.rstrip("/")
        books = [(b, os.path.relpath(b, os.path.dirname(root))) for b in books]
    else:
        os.makedirs(args.work, exist_ok=True)
    groups = [books[i:i + args.group_size] for i in range(0, len(books), args.group_size)]

    # Map: one partial per group of books.
    tasks = list(enumerate(groups))
    parts = sc.parallelize(tasks, len(tasks)).map(make_ingest(args.work, args.stage)).collect()

    # Reduce: a tree of merges, fan-in at a time, until one merge can take them all.
    level = 0
    while len(parts) > args.fan_in:
        chunks = [parts[i:i + args.fan_in] for i in range(0, len(parts), args.fan_in)]
        tasks = list(enumerate(chunks))
        parts = sc.parallelize(tasks, len(tasks)).map(
            make_merge(args.work, level, args.stage)).collect()
        level += 1

    # The root, on the driver: the word set, its counts map and its manifest.
    cmd = [args.folio, "merge", "-q", "-o", args.out,
           "--min-count", str(args.min_count), "--min-books", str(args.min_books)]
    if args.stage == "hadoop":
        scratch = tempfile.mkdtemp(prefix="folio-")
        local = []
        for i, remote in enumerate(parts):
            dest = os.path.join(scratch, "root-%d.part" % i)
            run(["hadoop", "fs", "-get", remote, dest])
            local.append(dest)
        run(cmd + local)
        shutil.rmtree(scratch, ignore_errors=True)
    else:
        run(cmd + parts)
    spark.stop()
    print("folio-spark: %d books, %d map tasks, %d merge levels -> %s"
          % (len(books), len(groups), level + 1, args.out))


if __name__ == "__main__":
    main()
