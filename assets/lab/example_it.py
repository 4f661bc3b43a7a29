# Un bot di esempio per The Lost Code. Modificalo, poi premi «Gioca le partite».
#
# L'arbitro chiama choose() ogni volta che il tuo giocatore deve decidere. Riceve:
#   observation: ciò che il tuo giocatore può vedere (dati semplici: dizionari, liste, numeri);
#                le tue rocce valgono None in observation["racks"].
#   legal_moves: tutte le mosse consentite ora, per esempio ["guess", "W3", 8].
# Restituisci una delle mosse consentite. Un errore, una mossa fuori elenco o
# più di 2 secondi per pensare fanno perdere la partita.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

# PV (punti vittoria) per un intervallo giusto su ogni ruota
# (le ruote strette valgono di più).
WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}


def choose(observation, legal_moves):
    kind = legal_moves[0][0]  # cosa si chiede: "roll", "guess", "discard", "final"…
    if kind == "guess":
        # Quanto possono valere le tue rocce nascoste? Knowledge lo deduce
        # da ciò che il tuo giocatore vede.
        knowledge = Knowledge(observation)
        sums = knowledge.sum_distribution(observation["dice"])
        best_move, best_points = legal_moves[0], -1.0
        for wheel in free_wheels(observation):
            # L'intervallo migliore per questa ruota (il suo estremo inferiore)
            # e la probabilità che sia giusto.
            low, chance = best_low(sums, wheel, observation["ring_max"])
            points = chance * WHEEL_POINTS[wheel]
            move = ["guess", wheel, low]
            if points > best_points and move in legal_moves:
                best_move, best_points = move, points
        return best_move
    if kind == "final":
        # Alla fine: scrivi solo il valore più probabile della roccia.
        symbol = legal_moves[0][1]
        chances = Knowledge(observation).probabilities(symbol)
        move = ["final", symbol, [chances.index(max(chances))]]
        if move in legal_moves:
            return move
    # Tutto il resto (lanciare i dadi, tenerli, sostituire una roccia…): la prima mossa.
    return legal_moves[0]
