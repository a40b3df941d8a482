/** The shop settings' public entry (docs/decisions/010-module-boundaries.md): features read the settings; the app serves them. */
export { default as settingsRoutes } from './routes';
export { cachedShopSettings, getShopSettings, shopSettingsInTransaction, updateShopSettings } from './service';
