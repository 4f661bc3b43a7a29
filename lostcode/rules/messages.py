"""What the engine and the settings reader say, as message ids with parameters.

The core never builds sentences: an IllegalAction or a settings note carries a
message id and its parameters, and each front end says it in words. The
English templates below are the msgids of the page's translation catalogues
(marked with `N_` so tools/build_i18n.py extracts them): the CLI formats them
as they are (`english`), the page looks them up in the current language
(`lostcode.web.game.describe.say`). A parameter that is itself a message is a
(message id, parameters) pair; `sym`/`symbols` parameters hold symbol names
(the page shows them translated).
"""


def N_(text: str) -> str:
    """Marks a template for extraction; translation happens where it is shown."""
    return text


MESSAGES = {
    # engine: the shape of an action, whose turn, which phase
    "not_an_action": N_('an action is a non-empty list such as ["roll"]'),
    "game_over": N_("the game is over"),
    "not_your_turn": N_("it is {name}'s turn, not {other}"),
    "no_such_action": N_("there is no action called {kind}"),
    "not_now": N_("'{kind}' is not possible now; the game waits for {waiting}"),
    "malformed": N_("malformed action {action}"),
    "wait_roll": N_("{name} to roll the dice"),
    "wait_bear": N_("{name} to turn the bear dice"),
    "wait_offer": N_("{name} to take or pass the shortcut token"),
    "wait_shortcut": N_("{name} to write shortcut candidates"),
    "wait_change": N_("{name} to accept the roll or change one die"),
    "wait_guess": N_("{name} to set a wheel"),
    "wait_replace": N_("{name} to replace a stone"),
    "wait_final": N_("{name} to write final candidates"),
    # R-R1, R-R1a, R-R1c: the dice
    "roll_first": N_("the dice must be rolled first"),
    "turn_bear_first": N_("every bear die must be turned to another symbol first"),
    "only_bear_turns": N_("only a die showing the bear has to be turned"),
    "bear_to_symbol": N_("a bear die must be turned to a symbol in play, not {sym}"),
    "three_dice": N_("there are only three dice (0, 1 and 2)"),
    "no_bear_face": N_("no die may show the bear in the introductory game"),
    "not_a_face": N_("{sym} is not a symbol on the dice"),
    "same_face": N_("that die already shows {sym}; turn it to another face"),
    "accept_or_change": N_("accept the roll or turn exactly one die"),
    # R-G: wheels
    "choose_wheel": N_("choose a wheel and the low end of its range"),
    "no_such_wheel": N_("there is no wheel called {wheel}"),
    "wheel_taken": N_("the {width}-wide wheel is already taken this round"),
    "low_whole": N_("the low end of the range must be a whole number"),
    "below_ring": N_("the {width}-wide wheel cannot start below 0"),
    "past_ring": N_(
        "the {width}-wide wheel cannot start at {low} — its range would end at {high}, past {top}"
    ),
    # R-P: replacements
    "must_replace": N_("a player who was wrong must replace one of their stones"),
    "not_in_game": N_("{sym} is not a symbol in this game"),
    "pile_empty": N_("the {sym} pile is empty; choose a symbol whose pile has stones"),
    # R-X2: shortcut tokens
    "take_or_pass": N_("take the {sym} token or pass"),
    "write_shortcut": N_("write your candidates for the {sym} now"),
    # R-E1 and candidates
    "write_final": N_("write your final candidates, symbol by symbol"),
    "shortcut_stands": N_(
        "your {sym} candidates were written with the shortcut token and stand"
    ),
    "write_next": N_("write the {sym} candidates next"),
    "candidates_list": N_("candidates must be a list of values"),
    "candidates_count": N_("write {smallest} to {most} candidate values, not {count}"),
    "candidate_range": N_("candidate values run from 0 to {top}, not {value}"),
    "candidates_distinct": N_("candidate values must be different from each other"),
    # set-up (R-S1, R-S3)
    "one_name_each": N_("give exactly one name per player"),
    "seed_whole": N_("the seed must be a whole number from 0 to {max}"),
    "players_whole": N_("the number of players must be a whole number"),
    "players_range": N_("The Lost Code is for 2 to 4 players, not {players}"),
}

# Notes of settings.parse (URL settings), one per ignored or adjusted value.
NOTES = {
    "unreadable": N_("Some settings in the address could not be read and were ignored."),
    "too_long": N_("The address is very long; only its start was read."),
    "too_many": N_("The address has too many settings; only the first were read."),
    "not_text": N_("Ignored a setting that is not valid text."),
    "unknown_setting": N_("Ignored unknown setting {name}."),
    "second_key": N_("Ignored a second {key}=: the first one counts."),
    "bad_value": N_("Ignored {key}={value}: {reason}"),
    "read_as": N_("Read {key}={value} as {key}={used}."),
    "bad_option": N_(
        "Ignored option {name}: the options are introductory, high_stakes, shortcut and curse."
    ),
    # {kinds}: every seat kind (vocab.SEAT_KINDS), as the address spells them
    "bad_seat": N_("Seat {n} {value} is not one of {kinds}: it will be a human player."),
    "seats_fit": N_("The number of seats in the address does not fit: playing with {n} players."),
    "seats_fewer": N_("Fewer seats than players in the address: the others are human players."),
    "seats_extra": N_("More seats than players in the address: the extra seats were ignored."),
    # reasons inside "bad_value"
    "why_lang": N_("the languages are en, ru, it and pl."),
    "why_players": N_("choose 2 to 4 players."),
    "why_seed": N_("a seed is a whole number."),
    "why_hints": N_("use hints=on or hints=off."),
    "why_embed": N_("use embed=1 or embed=0."),
    "why_runtime": N_("the runtimes are pyodide and micropython."),
    "why_textsize": N_("use textsize=normal or textsize=large."),
    "why_motion": N_("use motion=full or motion=reduce."),
    "why_puzzle": N_("a puzzle is a whole number from 1, or today."),
    "why_game": N_("the games are lostcode and stones."),
}


def template(msg: str) -> str:
    """The English template of a message id (the id itself if unknown)."""
    t = MESSAGES.get(msg)
    if t is None:
        t = NOTES.get(msg, msg)
    return t


def render(msg: str, params, look_up, show_param) -> str:
    """A message in words: `look_up(template)` gives the template in the wanted
    language, `show_param(key, value)` a parameter; nested messages recurse."""
    text = look_up(template(msg))
    if not params:
        return text
    shown = {}
    for k, v in params.items():
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], dict):
            shown[k] = render(v[0], v[1], look_up, show_param)
        else:
            shown[k] = show_param(k, v)
    return text.format(**shown)


def _same(text):
    return text


def _plain(key, value):
    if key == "symbols":
        return ", ".join(str(x) for x in value)
    return str(value)


def english(msg: str, params=None) -> str:
    """The message in English, for the command line, the tests and logs."""
    return render(msg, params, _same, _plain)
