/** The id of the JSON script element in which the server writes a page's first data for the web app. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';
