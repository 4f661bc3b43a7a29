"""A game told round by round in plain text (for `replay` and bug reports)."""

from ..rules.vocab import PHASE_END


def summary_lines(s) -> list:
    names = s.names
    out = ["The Lost Code — " + s.options.describe() + ", seed " + str(s.seed)]
    for h in s.history:
        if not h["roll"]:
            continue
        line = "Round {}: {} rolled {}".format(h["round"], names[h["roller"]], ", ".join(h["roll"]))
        if h["roll"] != h["dice"]:
            line += "; dice " + ", ".join(h["dice"])
        out.append(line)
        if h["offer"] and h["offer"]["taker"] is not None:
            out.append(
                "  {} took the {} shortcut token".format(
                    names[h["offer"]["taker"]], h["offer"]["symbol"]
                )
            )
        for g in h["guesses"]:
            out.append(
                "  {}: {} {}-{} -> {}".format(
                    names[g["player"]], g["wheel"], g["low"], g["high"], g["result"]
                )
            )
        for d in h["discards"]:
            out.append(
                "  {} replaced {} (was {})".format(names[d["player"]], d["symbol"], d["value"])
            )
    if s.phase == PHASE_END:
        out.append("Final scores:")
        for row in s.result["players"]:
            p = row["player"]
            out.append(
                "  {}: {} (rounds {}, final guesses {:+d})".format(
                    names[p], row["score"], row["round_score"], row["final_total"]
                )
            )
        out.append(
            "Winner: "
            + names[s.result["winner"]]
            + (" (tie broken by the stack)" if s.result["tie"] else "")
        )
    else:
        out.append(f"Game in progress: round {s.round}, phase {s.phase}")
    return out
