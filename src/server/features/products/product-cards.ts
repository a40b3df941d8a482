import type { ProductSummary } from '../../../shared/schemas/products';

const MAX_CARDS = 10_000;

/**
 * Each product as a list shows it, by id, so a search page reads from the database only the products
 * not shown since they last changed. An order forgets just the products whose stock it moved, a review
 * the product it rated, an edit every card. A card read while any change landed is not kept: the read
 * may have started before the change.
 */
export class ProductCards {
  private cards = new Map<string, ProductSummary>();
  private generation = 0;

  constructor(private readonly maxCards = MAX_CARDS) {}

  /** The cards of these ids in their order; `read` fetches the missing ones (an id deleted meanwhile is left out). */
  async inOrder(
    ids: readonly string[],
    read: (missing: string[]) => Promise<ProductSummary[]>,
  ): Promise<ProductSummary[]> {
    const found = new Map<string, ProductSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) {
        found.set(id, card);
        this.keep(card);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const generationAtStart = this.generation;
      const fetched = await read(missing);
      for (const card of fetched) {
        found.set(card._id, card);
        if (generationAtStart === this.generation) this.keep(card);
      }
    }
    return ids.map((id) => found.get(id)).filter((card): card is ProductSummary => card !== undefined);
  }

  /** Forgets these products' cards, or every card when no ids are given. */
  forget(ids?: readonly string[]): void {
    this.generation += 1;
    if (!ids) this.cards.clear();
    else for (const id of ids) this.cards.delete(id);
  }

  get size(): number {
    return this.cards.size;
  }

  private keep(card: ProductSummary): void {
    this.cards.delete(card._id);
    this.cards.set(card._id, card);
    if (this.cards.size > this.maxCards) this.cards.delete(this.cards.keys().next().value as string);
  }
}
