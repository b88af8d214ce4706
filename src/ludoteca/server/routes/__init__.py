"""The API's route modules, one per resource."""
