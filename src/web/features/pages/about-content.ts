/** The cooperative's own words; SPEC §2 fixes the sections, the timeline and the team's roles. */
export const VALUES = [
  { title: 'Sustainability', text: 'We gather only fallen fruit and seeds, so the trees keep giving year after year.' },
  { title: 'Community', text: 'Decisions are made together, and earnings stay in the village and its families.' },
  { title: 'Quality', text: 'Small batches, cold-pressed and hand-filtered, checked by the women who made them.' },
  { title: 'Empowerment', text: 'Fair pay, shared skills and a business owned by the women who run it.' },
] as const;

export const JOURNEY = [
  {
    year: '2022',
    title: 'Founded by 5 women',
    text: 'Five women began pressing mungongo oil together for their families and neighbours.',
  },
  {
    year: '2023',
    title: 'Grew to 8 artisans and registered',
    text: 'Three more artisans joined and the group registered as a cooperative.',
  },
  {
    year: '2024',
    title: 'Supported by embassy and development-programme funding',
    text: 'Grants paid for a press, a drying shed and training in cosmetic production.',
  },
  { year: '2025', title: 'Online store launched', text: 'Our products can now be ordered from anywhere in Zambia.' },
] as const;

export const TEAM_ROLES = [
  'Chair Person',
  'Vice-Chair',
  'Treasurer',
  'Secretary',
  'Vice-Secretary',
  'Project Assistant',
  'Technician',
  'Founder',
] as const;
