"""A bot that looks for what it must not see (tests/test_browser_lab.py, test_lab.py)."""
import gc
import sys

REPORTED = []


def choose(observation, legal_moves):
    """Look everywhere this interpreter can for the game state or my own stones."""
    if not REPORTED:
        me = observation["viewer"]
        found = []
        for o in gc.get_objects():
            if type(o).__name__ in ("State", "Match", "Player", "HardBot"):
                found.append(type(o).__name__)
            if isinstance(o, dict) and isinstance(o.get("racks"), list):
                for rack in o["racks"]:
                    if isinstance(rack, dict) and rack.get("owner") == me:
                        if any(v is not None for v in rack.get("stones", {}).values()):
                            found.append("own stones")
        frame = sys._getframe()
        while frame is not None:
            for value in list(frame.f_locals.values()) + list(frame.f_globals.values()):
                if type(value).__name__ in ("State", "Match"):
                    found.append("frame " + type(value).__name__)
            frame = frame.f_back
        import lostcode.rules.state  # noqa: F401  (importable, but it holds no game)
        for name, module in list(sys.modules.items()):
            for value in list(getattr(module, "__dict__", {}).values()):
                if type(value).__name__ in ("State", "Match"):
                    found.append(name + "." + type(value).__name__)
        REPORTED.append(1)
        print("snooper found", len(found), sorted(set(found)))
    return legal_moves[0]
