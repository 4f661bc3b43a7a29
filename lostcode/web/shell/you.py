"""The second person: a player called "You" is spoken to, not about (issue 11).

The guided first game seats the newcomer as "You" (in Russian "Вы", Italian
"Tu", Polish "Ty"). Every sentence of the page puts a player's {name} in the
third person ("{name} rolls"), which reads "You rolls", "Вы бросает", "Tu
lancia", "Ty rzuca". So each sentence whose {name} is the subject of a verb (or
owns something: "Rack of {name}") has a second-person twin here; i18n._() and
ngettext() say the twin whenever {name} is one of YOU_NAMES. The twins never
hold {name}, so the sentence is right in the language on screen even after a
switch of language mid-game (the seat keeps the word it was given).

A player who types one of these words as their name is addressed the same way:
that is what the name says. Sentences where the name follows a colon or sits in
a list ("{place}. {name}: {score} points") need no twin.

No import of i18n here (i18n imports this table). N_ and ngettext below only
mark the English twins for extraction (tools/build_i18n.py: babel keywords
N_ and ngettext:1,2); they translate nothing.
"""

# "You" in each language of the page; the guided game's seat is _("You").
YOU_NAMES = ("You", "Вы", "Tu", "Ty")


def N_(text):
    return text


def ngettext(singular, plural):
    return (singular, plural)


# third-person message id -> its second-person twin (a (singular, plural) pair
# for the plural messages, keyed by the singular).
SECOND_PERSON = {
    # the game log, the live region and the bot report (describe.py)
    "{name} was right with {wheel} ({low}–{high}).": N_(
        "You were right with {wheel} ({low}–{high})."
    ),
    "{name} was wrong with {wheel} ({low}–{high}): the sum is lower.": N_(
        "You were wrong with {wheel} ({low}–{high}): the sum is lower."
    ),
    "{name} was wrong with {wheel} ({low}–{high}): the sum is higher.": N_(
        "You were wrong with {wheel} ({low}–{high}): the sum is higher."
    ),
    "{name} was wrong with {wheel} ({low}–{high}); the narrowest wheel gets no hint.": N_(
        "You were wrong with {wheel} ({low}–{high}); the narrowest wheel gets no hint."
    ),
    "{name} is cursed and loses {n} VP (now {score}).": N_(
        "You are cursed and lose {n} VP (now {score})."
    ),
    "{name} gains 1 VP from the curse (now {score}).": N_(
        "You gain 1 VP from the curse (now {score})."
    ),
    "{name} scores {delta} for the final guesses (now {score}).": N_(
        "You score {delta} for the final guesses (now {score})."
    ),
    "{name} moves forward {n} space (now {score}).": ngettext(
        "You move forward {n} space (now {score}).",
        "You move forward {n} spaces (now {score}).",
    ),
    "Round {round}: {name} rolled {dice}.": N_("Round {round}: you rolled {dice}."),
    "{name} turned die {die} from bear to {sym}.": N_("You turned die {die} from bear to {sym}."),
    "{name} kept the dice: {dice}.": N_("You kept the dice: {dice}."),
    "{name} turned die {die} from {old} to {new}: {dice}.": N_(
        "You turned die {die} from {old} to {new}: {dice}."
    ),
    "{name} took the {sym} shortcut token.": N_("You took the {sym} shortcut token."),
    "{name} passed on the {sym} shortcut token.": N_("You passed on the {sym} shortcut token."),
    "{name} wrote their {sym} candidates.": N_("You wrote your {sym} candidates."),
    "{name} took wheel {wheel}.": N_("You took wheel {wheel}."),
    "{name} reached space 7 first and takes the curse token.": N_(
        "You reached space 7 first and take the curse token."
    ),
    "The curse token passes to the leader, {name}.": N_(
        "The curse token passes to you, the leader."
    ),
    "{name} discarded their {sym} stone ({value}) and drew a new one.": N_(
        "You discarded your {sym} stone ({value}) and drew a new one."
    ),
    "{name} cannot replace a stone: every pile is empty.": N_(
        "You cannot replace a stone: every pile is empty."
    ),
    "{name} wrote their final candidates.": N_("You wrote your final candidates."),
    "{name} wrote their final {sym} candidates.": N_("You wrote your final {sym} candidates."),
    # the replay's "as NAME saw it" switch (viewer.py)
    "As {name} saw it": N_("As you saw it"),
    # a bot seat's report ("Play against my bot", labseat.py; a seat named You
    # is a person, but the sentences stay right whatever the name)
    "{name} is thinking…": N_("You are thinking…"),
    "{name} is choosing their next move…": N_("You are choosing your next move…"),
    "{name} is starting…": N_("You are starting…"),
    "{name} chose a move that is not legal: {move}.": N_(
        "You chose a move that is not legal: {move}."
    ),
    "{name} gave no answer.": N_("You gave no answer."),
    "{name} took longer than {s} s to decide and was stopped.": N_(
        "You took longer than {s} s to decide and were stopped."
    ),
    "{name} could not be started in this browser.": N_(
        "You could not be started in this browser."
    ),
    "{name}'s code cannot run (run it in the Bot lab to see why).": N_(
        "Your code cannot run (run it in the Bot lab to see why)."
    ),
    "{name}'s code raised an error (run it in the Bot lab to see why).": N_(
        "Your code raised an error (run it in the Bot lab to see why)."
    ),
    "The game is over: {name} wins.": N_("The game is over: you win."),
    # whose turn it is (lostcode/rules/messages.py prompts and reasons)
    "it is {name}'s turn, not {other}": N_("it is your turn, not {other}'s"),
    "{name} to roll the dice": N_("your turn to roll the dice"),
    "{name} to turn the bear dice": N_("your turn to turn the bear dice"),
    "{name} to take or pass the shortcut token": N_(
        "your turn to take or pass the shortcut token"
    ),
    "{name} to write shortcut candidates": N_("your turn to write shortcut candidates"),
    "{name} to accept the roll or change one die": N_(
        "your turn to accept the roll or change one die"
    ),
    "{name} to set a wheel": N_("your turn to set a wheel"),
    "{name} to replace a stone": N_("your turn to replace a stone"),
    "{name} to write final candidates": N_("your turn to write final candidates"),
    # the drawn board and its parts (board.py, views.py)
    "Rack of {name}": N_("Your rack"),
    "taken by {name}": N_("taken by you"),
    "{sym} shortcut token: held by {name}": N_("{sym} shortcut token: held by you"),
    "Curse token: held by {name}": N_("Curse token: held by you"),
    "{wheel} ({width} wide, {vp} VP) — taken by {name}": N_(
        "{wheel} ({width} wide, {vp} VP) — taken by you"
    ),
    "Deduction sheet of {name}": N_("Your deduction sheet"),
    "Score of {name}": N_("Your score"),
    "Private screen of {name}": N_("Your private screen"),
    # the screens (views.py)
    "{name} discarded their {sym} stone: it showed {value}. They drew a new {sym} stone, "
    "which only the others will see.": N_(
        "You discarded your {sym} stone: it showed {value}. You drew a new {sym} stone, "
        "which only the others will see."
    ),
    "Round {round}: {name} rolls": N_("Round {round}: you roll"),
    "{name} rolls the three dice: tied for last, with their marker highest in the stack.": N_(
        "You roll the three dice: tied for last, with your marker highest in the stack."
    ),
    "{name} is furthest behind and rolls the three dice.": N_(
        "You are furthest behind and roll the three dice."
    ),
    "Introductory game: no die may show the bear. {name} turns die {die} to a symbol of "
    "their choice.": N_(
        "Introductory game: no die may show the bear. You turn die {die} to a symbol of "
        "your choice."
    ),
    "The dice show {sym} more than once. {name} may take the {sym} shortcut token: they "
    "write their {sym} candidates now, secretly, and that symbol scores double at the end.": N_(
        "The dice show {sym} more than once. You may take the {sym} shortcut token: you "
        "write your {sym} candidates now, secretly, and that symbol scores double at the end."
    ),
    "{name} takes the {sym} token": N_("Take the {sym} token"),
    "{name} passes": N_("Pass"),
    "{name}: keep the dice or turn one": N_("Keep the dice or turn one"),
    "The dice show {dice}. {name} may keep them or turn exactly one die to another face.": N_(
        "The dice show {dice}. You may keep them or turn exactly one die to another face."
    ),
    "{name} keeps the dice or turns one die.": N_("You keep the dice or turn one die."),
    "{name} sets a guessing wheel.": N_("You set a guessing wheel."),
    "{name} writes shortcut candidates.": N_("You write shortcut candidates."),
    "{name} writes final candidates.": N_("You write final candidates."),
    "Tap when only {name} is looking.": N_("Tap when only you are looking."),
    # the handoff to the guided game's newcomer when the other seat is a person
    # ("Friend"): "Pass the device to You", "I am You" (issue 24)
    "Pass the device to {name}": N_("Your turn: take the device"),
    "I am {name}": N_("It's me"),
    "Confirm and pass to {name}": N_("Confirm and hand over the device"),
    "Confirm {wheel} · {range} and pass to {name}": N_(
        "Confirm {wheel} · {range} and hand over the device"
    ),
    "{name}: set your wheel": N_("Set your wheel"),
    "{name}: your {sym} candidates": N_("Your {sym} candidates"),
    "{name}: your final candidates": N_("Your final candidates"),
    "{name} replaces a stone": N_("You replace a stone"),
    "Game over: {name} wins": N_("Game over: you win"),
    "{names} are tied on {score} point. {name} wins because their marker is lowest in the "
    "stack.": ngettext(
        "{names} are tied on {score} point. You win because your marker is lowest in the stack.",
        "{names} are tied on {score} points. You win because your marker is lowest in the stack.",
    ),
    "{name} wins with {score} point.": ngettext(
        "You win with {score} point.", "You win with {score} points."
    ),
}
