print("bounty")
