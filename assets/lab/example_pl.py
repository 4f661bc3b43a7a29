# Przykładowy bot do gry „Zaginiony kod”. Zmień go i naciśnij „Rozegraj partie”.
#
# Sędzia wywołuje choose() za każdym razem, gdy twój gracz musi podjąć decyzję. Dostaje:
#   observation: to, co twój gracz może widzieć (proste dane: słowniki, listy, liczby);
#                twoje własne płytki mają w observation["racks"] wartość None.
#   legal_moves: wszystkie ruchy dozwolone teraz, np. ["guess", "W3", 8].
# Zwróć jeden z dozwolonych ruchów. Błąd, ruch spoza listy albo
# ponad 2 sekundy namysłu oznaczają przegraną partię.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

# PZ (punkty zwycięstwa) za trafny zakres na każdym kole (wąskie koła dają więcej).
WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}


def choose(observation, legal_moves):
    kind = legal_moves[0][0]  # rodzaj ruchu: "roll", "guess", "discard", "final"…
    if kind == "guess":
        # Ile mogą być warte moje ukryte płytki? Knowledge wylicza to z tego, co widzę.
        knowledge = Knowledge(observation)
        sums = knowledge.sum_distribution(observation["dice"])
        best_move, best_points = legal_moves[0], -1.0
        for wheel in free_wheels(observation):
            # Najlepsze ustawienie tego koła i szansa, że jest trafne.
            low, chance = best_low(sums, wheel, observation["ring_max"])
            points = chance * WHEEL_POINTS[wheel]
            move = ["guess", wheel, low]
            if points > best_points and move in legal_moves:
                best_move, best_points = move, points
        return best_move
    if kind == "final":
        # Na końcu: zapisz jedną, najbardziej prawdopodobną wartość płytki.
        symbol = legal_moves[0][1]
        chances = Knowledge(observation).probabilities(symbol)
        move = ["final", symbol, [chances.index(max(chances))]]
        if move in legal_moves:
            return move
    # Wszystko inne (rzut, zostawienie kości, wymiana płytki…): pierwszy dozwolony ruch.
    return legal_moves[0]
