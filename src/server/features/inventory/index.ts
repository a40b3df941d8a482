/** Inventory's public entry (docs/decisions/010-module-boundaries.md): orders take and return stock; the app starts the low-stock digest. */
export { default as lowStockPlugin } from './low-stock-plugin';
export {
  lineKey,
  lockStockOf,
  productNoLongerAvailable,
  refreshSetStock,
  returnStock,
  stockLines,
  takeStock,
  type CataloguePrice,
  type StockLine,
  type StockMove,
} from './stock';
