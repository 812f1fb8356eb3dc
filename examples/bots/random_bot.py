"""A canasta bot that plays a random legal action: the smallest outside bot there is.

It speaks the JSON-lines protocol of docs/protocol.md with the standard library alone:
    canasta simulate --seats cmd:"python examples/bots/random_bot.py",normal,random,normal
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            rng.seed(message["seat"])  # the same seat plays the same way each run
            reply = {"protocol": 1, "name": "random_bot.py"}
        elif message["type"] == "decide":
            if message["question"]:  # partner asks "may I go out?": legal is yes, no
                reply = {"action": "yes"}
            else:
                reply = {"action": rng.choice(message["legal"])}
        else:  # "end": the game is over
            break
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
