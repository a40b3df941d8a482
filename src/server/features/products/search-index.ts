import { categoryIndex, passesFilter, type PriceAndCategoryFilter } from './search-facts';

/** A product as the index needs it: what the list's order, filters and keyword test read. */
export interface IndexedProduct {
  id: string;
  /** Microseconds since 1970, as PostgreSQL keeps it: two products made in one millisecond keep their order. */
  createdAtMicros: number;
  priceNgwee: number;
  category: string;
  /** The database's own search column (lower-cased name, newline, description). */
  searchText: string;
}

type Gram = number | string;
/** The slots whose text holds a trigram, ascending, and where each text first holds it. */
interface Posting {
  slots: Int32Array;
  at: Int32Array;
}
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/**
 * Every product's search text in memory with a trigram index (decision 013), so a keyword never seen
 * before costs microseconds instead of a walk of the database's trigram index. It answers exactly what
 * `search_text LIKE lower('%keyword%')` answers: the texts are the database's own column, and only
 * keywords whose lower case JavaScript and PostgreSQL agree on (printable ASCII without the column
 * separator) are taken; the others answer null and the database searches them.
 *
 * Slots are numbered newest first when the index is built, so a posting list is already in the list's
 * order. An edit ends the product's slot and appends a new one; the index is built again from the texts
 * in memory once ended or appended slots pile up.
 */
export class SearchIndex {
  private ids: string[] = [];
  private created: number[] = [];
  private prices: number[] = [];
  private categories: number[] = [];
  /** null: the slot's product was edited or deleted since. */
  private texts: (string | null)[] = [];
  private slotOf = new Map<string, number>();
  private postings = new Map<Gram, Posting>();
  /** Slots appended since the last build, newest first (at most 1 in 20: they are searched one by one). */
  private appended: number[] = [];
  private ended = 0;

  constructor(products: readonly IndexedProduct[] = []) {
    for (const product of products) this.append(product);
    this.build();
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Takes in the current rows of these products; an id without a row was deleted. */
  apply(ids: readonly string[], rows: readonly IndexedProduct[]): void {
    for (const id of [...ids, ...rows.map((row) => row.id)]) this.end(id);
    for (const row of rows) this.appended.push(this.append(row));
    if (this.ended + this.appended.length > Math.max(64, this.slotOf.size / 20)) this.build();
    else this.appended.sort((a, b) => this.newerFirst(a, b));
  }

  /**
   * One page of the products whose search text holds the keyword and that pass the filter, newest first,
   * and how many pass in all; null when the database must search this keyword (see the class comment).
   */
  page(
    keyword: string,
    filter: PriceAndCategoryFilter,
    page: number,
    limit: number,
  ): { ids: string[]; total: number } | null {
    // The separator (a newline) is not printable ASCII: a keyword spanning two columns goes to the database.
    if (!ASCII_ONLY.test(keyword)) return null;
    const needle = keyword.toLowerCase();
    const passes = passesFilter(filter);
    const from = (page - 1) * limit;
    const ids: string[] = [];
    let total = 0;
    this.eachMatch(needle, (slot) => {
      if (!passes(this.categories[slot], this.prices[slot])) return;
      if (total >= from && total < from + limit) ids.push(this.ids[slot]);
      total += 1;
    });
    return { ids, total };
  }

  /** Calls `visit` with every live slot whose text holds the needle, newest first. */
  private eachMatch(needle: string, visit: (slot: number) => void): void {
    const grams = gramsOf(needle);
    const holds = (slot: number) => {
      const text = this.texts[slot];
      return text !== null && text.includes(needle);
    };
    const late = this.appended.filter(holds);
    const { slots, at, offset } = grams.size === 0 ? this.allBuilt() : this.candidates(grams);
    // Both runs are newest first: merge them.
    let next = 0;
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i];
      const text = this.texts[slot];
      if (text === null) continue;
      // Most candidates hold the needle where their text first holds its rarest trigram: a check of a
      // few characters instead of a search of the whole text.
      // A needle of exactly one trigram is found by its posting alone.
      const found =
        (at !== null && (needle.length === 3 || text.startsWith(needle, at[i] - offset))) || text.includes(needle);
      if (!found) continue;
      while (next < late.length && this.newerFirst(late[next], slot) < 0) visit(late[next++]);
      visit(slot);
    }
    while (next < late.length) visit(late[next++]);
  }

  /**
   * The built slots holding every trigram of the needle, with where each first holds the rarest one
   * (`offset`: where the needle holds it).
   */
  private candidates(grams: Map<Gram, number>): { slots: Int32Array; at: Int32Array | null; offset: number } {
    const lists: { posting: Posting; offset: number }[] = [];
    for (const [gram, offset] of grams) {
      const posting = this.postings.get(gram);
      if (!posting) return { slots: new Int32Array(0), at: null, offset: 0 };
      lists.push({ posting, offset });
    }
    lists.sort((a, b) => a.posting.slots.length - b.posting.slots.length);
    const { posting: rarest, offset } = lists[0];
    // Places in the rarest list still standing; each pass keeps those in the next list.
    let kept = new Int32Array(rarest.slots.length);
    for (let i = 0; i < kept.length; i += 1) kept[i] = i;
    let count = kept.length;
    for (let l = 1; l < lists.length && count > 0; l += 1) {
      const other = lists[l].posting.slots;
      let j = 0;
      let out = 0;
      for (let k = 0; k < count; k += 1) {
        const slot = rarest.slots[kept[k]];
        while (j < other.length && other[j] < slot) j += 1;
        if (j < other.length && other[j] === slot) kept[out++] = kept[k];
      }
      count = out;
    }
    kept = kept.subarray(0, count);
    const slots = new Int32Array(count);
    const at = new Int32Array(count);
    for (let k = 0; k < count; k += 1) {
      slots[k] = rarest.slots[kept[k]];
      at[k] = rarest.at[kept[k]];
    }
    return { slots, at, offset };
  }

  private allBuilt(): { slots: Int32Array; at: null; offset: number } {
    const built = this.texts.length - this.appended.length;
    return { slots: Int32Array.from({ length: built }, (_, slot) => slot), at: null, offset: 0 };
  }

  private append(product: IndexedProduct): number {
    const slot = this.ids.length;
    this.ids.push(product.id);
    this.created.push(product.createdAtMicros);
    this.prices.push(product.priceNgwee);
    this.categories.push(categoryIndex(product.category));
    this.texts.push(product.searchText);
    this.slotOf.set(product.id, slot);
    return slot;
  }

  private end(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.texts[slot] = null;
    this.ended += 1;
  }

  /** The database's `order by created_at desc, id desc`, as a comparison of two slots. */
  private newerFirst(a: number, b: number): number {
    return this.created[b] - this.created[a] || (this.ids[b] < this.ids[a] ? -1 : this.ids[b] > this.ids[a] ? 1 : 0);
  }

  /** Numbers the live slots newest first and makes the postings from the texts in memory. */
  private build(): void {
    const live = [...this.slotOf.values()].sort((a, b) => this.newerFirst(a, b));
    const old = {
      ids: this.ids,
      created: this.created,
      prices: this.prices,
      categories: this.categories,
      texts: this.texts,
    };
    this.ids = [];
    this.created = [];
    this.prices = [];
    this.categories = [];
    this.texts = [];
    this.slotOf = new Map();
    const building = new Map<Gram, { slots: number[]; at: number[] }>();
    for (const slot of live) {
      const next = this.ids.length;
      this.ids.push(old.ids[slot]);
      this.created.push(old.created[slot]);
      this.prices.push(old.prices[slot]);
      this.categories.push(old.categories[slot]);
      this.texts.push(old.texts[slot]);
      this.slotOf.set(old.ids[slot], next);
      for (const [gram, at] of gramsOf(old.texts[slot]!)) {
        const list = building.get(gram);
        if (list) {
          list.slots.push(next);
          list.at.push(at);
        } else building.set(gram, { slots: [next], at: [at] });
      }
    }
    this.postings = new Map();
    for (const [gram, { slots, at }] of building)
      this.postings.set(gram, { slots: Int32Array.from(slots), at: Int32Array.from(at) });
    this.appended = [];
    this.ended = 0;
  }
}

/**
 * The distinct trigrams of a text, each with where the text first holds it: three UTF-16 units below
 * 1024 (nearly every letter of these texts) packed in one small integer, which costs no allocation;
 * others as a three-unit string.
 */
function gramsOf(text: string): Map<Gram, number> {
  const grams = new Map<Gram, number>();
  for (let i = 0; i + 3 <= text.length; i += 1) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const c = text.charCodeAt(i + 2);
    const gram = a < 1024 && b < 1024 && c < 1024 ? (a << 20) | (b << 10) | c : text.slice(i, i + 3);
    if (!grams.has(gram)) grams.set(gram, i);
  }
  return grams;
}
