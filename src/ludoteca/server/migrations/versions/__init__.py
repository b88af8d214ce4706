"""The schema's revisions, oldest first: 0001_baseline, 0002_bot_leases, 0003_undos."""
