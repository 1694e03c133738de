#!/usr/bin/env python3
"""A dictionary client in the style of the Book Scrabble course, for `folio serve`.

    python3 examples/course_client.py --port 4000 moby-dick.txt,emma.txt whale Ishmael
    python3 examples/course_client.py --challenge moby-dick.txt Ishmael

The course's game host asks its dictionary server one question a line: `Q,BOOKS...,WORD` (is
the word legal for these books?) and `C,BOOKS...,WORD` (challenge: do the books' texts hold
it?), and reads `true` or `false`. `DictionaryClient.query_many` pipelines many questions on
one connection and reads the answers in order, as the protocol allows.
"""

import argparse
import socket


class DictionaryClient:
    """One connection to a dictionary server speaking the course's line protocol."""

    def __init__(self, host="127.0.0.1", port=4000, timeout=10.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.reader = self.sock.makefile("r", encoding="utf-8", newline="\n")

    def close(self):
        self.reader.close()
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _ask(self, lines):
        self.sock.sendall("".join(line + "\n" for line in lines).encode("utf-8"))
        answers = []
        for _ in lines:
            answer = self.reader.readline()
            if not answer:
                raise ConnectionError("the server closed the connection")
            answers.append(answer.strip() == "true")
        return answers

    @staticmethod
    def _line(command, books, word):
        if not books:
            raise ValueError("name at least one book")
        for part in list(books) + [word]:
            if "," in part or "\n" in part:
                raise ValueError(f"{part!r}: commas and line breaks cannot be sent")
        return ",".join([command, *books, word])

    def query(self, books, word):
        """True when `word` is legal for `books` (in the word set of one of them)."""
        return self._ask([self._line("Q", books, word)])[0]

    def challenge(self, books, word):
        """True when the text of one of `books` holds `word`."""
        return self._ask([self._line("C", books, word)])[0]

    def query_many(self, books, words):
        """Answers for many words at once: the questions are pipelined on the connection."""
        return self._ask([self._line("Q", books, w) for w in words])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("books", help="comma-separated book names, e.g. moby-dick.txt,emma.txt")
    p.add_argument("words", nargs="+")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=4000)
    p.add_argument("--challenge", action="store_true", help="ask C (the books' text) instead of Q")
    args = p.parse_args()
    books = args.books.split(",")
    with DictionaryClient(args.host, args.port) as client:
        if args.challenge:
            answers = [client.challenge(books, w) for w in args.words]
        else:
            answers = client.query_many(books, args.words)
    for word, ok in zip(args.words, answers):
        print(f"{word} {'true' if ok else 'false'}")
    return 0 if all(answers) else 1


if __name__ == "__main__":
    raise SystemExit(main())
