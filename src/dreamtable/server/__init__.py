"""The dreamtable server: online play through the table layer, for any game of the contract.

``dreamtable serve`` runs :func:`.app.create_app` with uvicorn; docs/server.md describes the API.
"""
