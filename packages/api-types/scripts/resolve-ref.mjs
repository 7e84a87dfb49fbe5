/** Follows local `$ref`s (`#/components/...`) of an OpenAPI document to the node they name. */
export function resolverFor(document) {
  return (node) => {
    let current = node;
    while (current?.$ref) {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce((value, key) => value?.[key], document);
    }
    return current;
  };
}
