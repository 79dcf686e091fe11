/// The JSON Schema of recipe files, for editors (yaml-language-server) and other tools.
public enum RecipeSchema {
    /// The schema, as pretty-printed JSON ending in a newline (identical to docs/recipe-schema.json).
    public static let json = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://juicemaker.example/recipe-schema.json",
          "title": "JuiceMaker recipe file",
          "description": "One file of a JuiceMaker recipe set: fruits, juices, the store and suppliers. Sections merge across the files of a directory.",
          "type": "object",
          "required": ["version"],
          "additionalProperties": false,
          "properties": {
            "version": {
              "description": "The format version; always 1.",
              "const": 1
            },
            "fruits": {
              "description": "Fruits by id.",
              "type": "object",
              "propertyNames": {"$ref": "#/$defs/id"},
              "additionalProperties": {"$ref": "#/$defs/fruit"}
            },
            "juices": {
              "description": "Juices by id, in menu order.",
              "type": "object",
              "propertyNames": {"$ref": "#/$defs/id"},
              "additionalProperties": {"$ref": "#/$defs/juice"}
            },
            "store": {
              "description": "The store's capacity and initial stock.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "capacity": {
                  "description": "The most of each fruit the store holds (default 100): one number for every fruit, or a map from fruit id to number (unlisted fruits get 100). Both forms may be given in different files.",
                  "oneOf": [
                    {"$ref": "#/$defs/count"},
                    {"type": "object", "propertyNames": {"$ref": "#/$defs/id"}, "additionalProperties": {"$ref": "#/$defs/count"}}
                  ]
                },
                "stock": {
                  "description": "Initial stock by fruit id.",
                  "type": "object",
                  "propertyNames": {"$ref": "#/$defs/id"},
                  "additionalProperties": {"$ref": "#/$defs/count"}
                }
              }
            },
            "suppliers": {
              "description": "Suppliers by id: whom fruit is bought from (a fruit's 'buy' names one).",
              "type": "object",
              "propertyNames": {"$ref": "#/$defs/id"},
              "additionalProperties": {"$ref": "#/$defs/supplier"}
            },
            "calendar": {
              "description": "The shop's calendar: the days it is closed (neither demand nor history for forecasts and plans) and dated events with the factor they are expected to change demand by.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "closed": {
                  "description": "Weekly closing days (mon … sun) and dated closures or holidays (YYYY-MM-DD).",
                  "type": "array",
                  "items": {
                    "oneOf": [
                      {"enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]},
                      {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
                    ]
                  }
                },
                "events": {
                  "description": "Dated events: demand that day is expected to be factor times a usual day's.",
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["date", "factor"],
                    "additionalProperties": false,
                    "properties": {
                      "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                      "factor": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
                      "note": {"type": "string", "minLength": 1}
                    }
                  }
                }
              }
            }
          },
          "$defs": {
            "id": {
              "description": "An id: letters, digits, '-', '_' and '.' (juice lint checks the exact set).",
              "type": "string",
              "pattern": "^[^\\s,=:'\"{}\\[\\]#&*!|>%@`]+$"
            },
            "count": {
              "description": "A whole number from 0 to 1000000000.",
              "type": "integer",
              "minimum": 0,
              "maximum": 1000000000
            },
            "name": {
              "description": "A display name in Korean and/or English.",
              "type": "object",
              "additionalProperties": false,
              "minProperties": 1,
              "properties": {
                "ko": {"description": "Korean name.", "type": "string", "minLength": 1},
                "en": {"description": "English name.", "type": "string", "minLength": 1}
              }
            },
            "fruit": {
              "type": "object",
              "required": ["name"],
              "additionalProperties": false,
              "properties": {
                "name": {"$ref": "#/$defs/name"},
                "emoji": {"description": "An emoji shown beside the fruit.", "type": "string", "minLength": 1},
                "cost": {"description": "What one unit of the fruit costs, in won (the unit of juice prices).", "$ref": "#/$defs/count"},
                "shelf-life": {"description": "Days the fruit keeps before it spoils.", "type": "integer", "minimum": 1, "maximum": 1000000000},
                "buy": {
                  "description": "How the fruit is bought: from which supplier, in packs of how many, at what price a pack (its 'cost' follows from price / pack when not given).",
                  "type": "object",
                  "required": ["supplier"],
                  "additionalProperties": false,
                  "properties": {
                    "supplier": {"description": "A supplier's id (under 'suppliers').", "$ref": "#/$defs/id"},
                    "pack": {"description": "Units in a pack (default 1): orders are whole packs.", "type": "integer", "minimum": 1, "maximum": 1000000000},
                    "price": {"description": "What a pack costs, in won.", "$ref": "#/$defs/count"}
                  }
                }
              }
            },
            "supplier": {
              "type": "object",
              "required": ["name", "lead-time"],
              "additionalProperties": false,
              "properties": {
                "name": {"$ref": "#/$defs/name"},
                "lead-time": {"description": "Days from placing an order to its delivery (0: the same day).", "$ref": "#/$defs/count"},
                "order-days": {
                  "description": "The days an order can be placed (default: every day).",
                  "type": "array",
                  "minItems": 1,
                  "items": {"enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]}
                },
                "minimum": {"description": "The least an order may come to, in won.", "$ref": "#/$defs/count"},
                "cut-off": {"description": "The last time of day an order counts for that day, like \"14:00\".", "type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}
              }
            },
            "juice": {
              "type": "object",
              "required": ["name", "recipe"],
              "additionalProperties": false,
              "properties": {
                "name": {"$ref": "#/$defs/name"},
                "aliases": {
                  "description": "Other names customers use; orders match them ignoring case and spaces.",
                  "type": "array",
                  "items": {"type": "string", "minLength": 1}
                },
                "price": {"description": "Price in won.", "$ref": "#/$defs/count"},
                "recipe": {
                  "description": "Fruit id to amount for one juice.",
                  "type": "object",
                  "minProperties": 1,
                  "propertyNames": {"$ref": "#/$defs/id"},
                  "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 1000000000}
                }
              }
            }
          }
        }

        """#
}
