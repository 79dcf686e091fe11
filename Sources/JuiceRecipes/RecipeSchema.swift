/// The JSON Schema of recipe files, for editors (yaml-language-server) and other tools.
public enum RecipeSchema {
    /// The schema, as pretty-printed JSON ending in a newline (identical to docs/recipe-schema.json).
    public static let json = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://juicemaker.example/recipe-schema.json",
          "title": "JuiceMaker recipe file",
          "description": "One file of a JuiceMaker recipe set: fruits, juices and the store. Sections merge across the files of a directory.",
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
                "shelf-life": {"description": "Days the fruit keeps before it spoils.", "type": "integer", "minimum": 1, "maximum": 1000000000}
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
