"""The service contract: models, client, errors and outcomes. Imports no Qt."""
