# Пример бота для игры «Затерянный код». Измените его и нажмите «Сыграть партии».
#
# Судья вызывает choose() каждый раз, когда ваш игрок должен принять решение. Функция получает:
#   observation: то, что видит ваш игрок (простые данные: словари, списки, числа);
#                ваши собственные камни в observation["racks"] равны None.
#   legal_moves: все ходы, разрешённые сейчас, например ["guess", "W3", 8].
# Верните один из разрешённых ходов. Ошибка в коде, ход не из списка или
# раздумье дольше 2 секунд — и партия проиграна.
from lostcode.player.deduction import Knowledge, best_low, free_wheels

# ПО (победные очки) за верный диапазон на каждом диске (узкие диски дают больше).
WHEEL_POINTS = {"W1": 5, "W2": 4, "W3": 3, "W4": 3, "W5": 2, "W7": 2, "W10": 1}


def choose(observation, legal_moves):
    kind = legal_moves[0][0]  # что спрашивают: "roll", "guess", "discard", "final"…
    if kind == "guess":
        # Какими могут быть мои скрытые камни? Knowledge выводит это из того, что я вижу.
        knowledge = Knowledge(observation)
        sums = knowledge.sum_distribution(observation["dice"])
        best_move, best_points = legal_moves[0], -1.0
        for wheel in free_wheels(observation):
            # Лучшее положение этого диска и вероятность, что оно верно.
            low, chance = best_low(sums, wheel, observation["ring_max"])
            points = chance * WHEEL_POINTS[wheel]
            move = ["guess", wheel, low]
            if points > best_points and move in legal_moves:
                best_move, best_points = move, points
        return best_move
    if kind == "final":
        # В конце: записываем одно значение камня, самое вероятное.
        symbol = legal_moves[0][1]
        chances = Knowledge(observation).probabilities(symbol)
        move = ["final", symbol, [chances.index(max(chances))]]
        if move in legal_moves:
            return move
    # Всё остальное (бросить кубики, оставить их, заменить камень…): первый разрешённый ход.
    return legal_moves[0]
