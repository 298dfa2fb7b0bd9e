/** @module The in-memory items store: per server process, seeded with items 1..3, shared by every connection. */

/** One item of the example domain. */
export interface Item {
  readonly id: number;
  readonly name: string;
  readonly tags: readonly string[];
}

const SEED: readonly Omit<Item, "id">[] = [
  { name: "red apple", tags: ["fruit", "red"] },
  { name: "green pear", tags: ["fruit", "green"] },
  { name: "steel hammer", tags: ["tool"] },
];

/** Items kept in memory; ids count up from 1, items are never removed. */
export class ItemStore {
  readonly #items = new Map<number, Item>();
  #nextId = 1;

  constructor() {
    for (const item of SEED) this.create(item.name, item.tags);
  }

  /** Add an item and return it with its new id. */
  create(name: string, tags: readonly string[] = []): Item {
    const item: Item = { id: this.#nextId++, name, tags: [...tags] };
    this.#items.set(item.id, item);
    return item;
  }

  /** The item with this id, or undefined. */
  get(id: number): Item | undefined {
    return this.#items.get(id);
  }

  /** Every item, by id. */
  list(): Item[] {
    return [...this.#items.values()];
  }

  /** Items whose name or a tag contains the query (case-insensitive); an empty query matches all. */
  search(query: string): Item[] {
    const needle = query.trim().toLowerCase();
    return this.list().filter((item) =>
      item.name.toLowerCase().includes(needle) ||
      item.tags.some((tag) => tag.toLowerCase().includes(needle))
    );
  }
}
