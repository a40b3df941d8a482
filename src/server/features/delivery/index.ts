/** Delivery options' public entry (decision 037): the app serves the routes; orders choose an option. */
export { default as deliveryRoutes } from './routes';
export { default as deliveryOptionsCachePlugin } from './options-cache-plugin';
export { chooseDeliveryOption, deliveryOptionsFor, type ChosenDelivery } from './service';
export { collectedAtPoint, newCollectionCode, typedCollectionCode } from './collection-code';
