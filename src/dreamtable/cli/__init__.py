"""The command line: ``dreamtable list | play | replay | bench``."""
