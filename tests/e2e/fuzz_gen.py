#!/usr/bin/env python3
"""Writes >= 1000 random and mutated SQL statements (fixed seed) for fuzz.sh.

Prints the script on stdout and, on stderr, the number of statements that are certainly
invalid (each must produce an ORA- error). Mutated statements may or may not be valid, so
they are sent but not counted. No generated text holds a quote, a comment opener or a blank
line, so every statement ends at its own ';' however it was mangled.
"""
import random
import sys

rng = random.Random(20261202)

VALID = [
    "select 1 from dual",
    "select level, mod(level, 7) from dual connect by level <= 50",
    "select count(*), sum(a), max(b) from fz",
    "select a, b from fz where a > 3 order by a desc",
    "insert into fz values (1, 2, 3)",
    "insert into fz select level, level * 2, level from dual connect by level <= 20",
    "update fz set b = b + 1 where a = 2",
    "delete from fz where c > 15",
    "select nvl(a, 0) + decode(b, 1, 2, 3) from fz",
    "select a from fz group by a having count(*) > 1",
    "select case when a > 1 then a else b end from fz",
    "select upper(substr(to_char(a), 1, 2)) from fz",
    "select distinct a from fz fetch first 3 rows only",
    "select round(a / 3, 2), trunc(b * 1.5) from fz where rownum <= 5",
]
TOKENS = ["select", "from", "where", "dual", "fz", "a", "b", "c", "(", ")", ",", "+", "*",
          "=", "<", ">", "and", "or", "not", "null", "is", "in", "between", "1", "2.5",
          "1e5", "group", "by", "order", "having", "count", "sum", "case", "when", "then",
          "end", "level", "connect", "rownum", "distinct", "union", "all", "minus", "-",
          "insert", "into", "values", "update", "set", "delete", "table", "create", "drop",
          "99999999999999999999999999999999999999999", ".", "||", "nvl", "mod"]
SAFE_CHARS = "abcxyz0123456789()+*,.<>= _|"


def clean(text):
    # keep statements on one line and free of quotes and comment openers
    for bad in ("--", "/*", "*/", ";", "'", '"', "&", "\n"):
        text = text.replace(bad, " ")
    return text


def garbage(n):
    return " ".join(rng.choice(TOKENS) for _ in range(n))


def mutate(stmt):
    chars = list(stmt)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randrange(len(chars) + 1)
        if op < 0.4 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op < 0.8:
            chars.insert(pos, rng.choice(SAFE_CHARS))
        else:
            chars.insert(pos, " " + rng.choice(TOKENS) + " ")
    return clean("".join(chars))


def invalid():
    kind = rng.randrange(6)
    if kind == 0:
        return "select %s from no_such_table_%d" % (garbage(rng.randint(1, 8)), rng.randrange(10**6))
    if kind == 1:
        return "select 1 from dual where 1 = %s +" % garbage(rng.randint(0, 5))
    if kind == 2:
        return "select ((((%s from dual" % garbage(rng.randint(0, 4))
    if kind == 3:
        return "insert into fz values (%s" % ", ".join(str(rng.randrange(100)) for _ in range(rng.randint(1, 5)))
    if kind == 4:
        return "select 1 / 0 from dual"
    return "select no_such_column_%d from fz" % rng.randrange(10**6)


def main():
    out = ["create table fz (a number, b number, c number);"]
    invalid_count = 0
    for i in range(1200):
        r = rng.random()
        if r < 0.25:
            stmt = rng.choice(VALID)
        elif r < 0.55:
            stmt = mutate(rng.choice(VALID))
            if not stmt.split():
                stmt = "select 2 from dual"
            # mutations may turn the first word into a shell command; keep it SQL
            stmt = "select " + stmt if stmt.split()[0].lower() not in ("select", "insert", "update", "delete") else stmt
        elif r < 0.65:
            stmt = "select " + clean(garbage(rng.randint(1, 30)))
        elif r < 0.7:
            depth = rng.randint(1, 200)
            stmt = "select " + "(" * depth + "1" + ")" * depth + " from dual"
        else:
            stmt = invalid()
            invalid_count += 1
        out.append(stmt.strip() + ";")
    out.append("select 'fuzz-done' as marker from dual;")
    sys.stdout.write("\n".join(out) + "\n")
    sys.stderr.write("%d\n" % invalid_count)


main()
