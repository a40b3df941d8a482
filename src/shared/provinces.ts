/** Zambia's ten provinces, offered by the checkout; the server still takes any name (SPEC §5: min 2 characters). */
export const ZAMBIAN_PROVINCES = [
  'Central',
  'Copperbelt',
  'Eastern',
  'Luapula',
  'Lusaka',
  'Muchinga',
  'Northern',
  'North-Western',
  'Southern',
  'Western',
] as const;

export type ZambianProvince = (typeof ZAMBIAN_PROVINCES)[number];
