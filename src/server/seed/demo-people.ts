/**
 * Made-up demo customers. Names carry "(demo)", e-mails use the reserved .example domain and phone
 * numbers the unassigned 000 block, so nobody can mistake them for (or reach) a real person.
 */
export interface DemoCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  town: string;
  address: string;
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    firstName: 'Chipo',
    lastName: 'M.',
    email: 'chipo.demo@coop-shop.example',
    phone: '+260 97 000 0101',
    town: 'Choma',
    address: 'Plot 14, Manketti Close',
  },
  {
    firstName: 'Mutinta',
    lastName: 'H.',
    email: 'mutinta.demo@coop-shop.example',
    phone: '+260 97 000 0102',
    town: 'Livingstone',
    address: '7 Baobab Crescent',
  },
  {
    firstName: 'Natasha',
    lastName: 'B.',
    email: 'natasha.demo@coop-shop.example',
    phone: '+260 97 000 0103',
    town: 'Mazabuka',
    address: '22 Sugarcane Lane',
  },
  {
    firstName: 'Luyando',
    lastName: 'S.',
    email: 'luyando.demo@coop-shop.example',
    phone: '+260 97 000 0104',
    town: 'Monze',
    address: 'House 3, Marula Way',
  },
  {
    firstName: 'Mwila',
    lastName: 'K.',
    email: 'mwila.demo@coop-shop.example',
    phone: '+260 97 000 0105',
    town: 'Kalomo',
    address: '18 Mopane Road',
  },
  {
    firstName: 'Thandiwe',
    lastName: 'N.',
    email: 'thandiwe.demo@coop-shop.example',
    phone: '+260 97 000 0106',
    town: 'Choma',
    address: '41 Msasa Avenue',
  },
];

export const demoCustomerName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName} (demo)`;

/** Postal codes of the Southern Province towns the demo orders ship to. */
export const TOWN_POSTCODES: Record<string, string> = {
  Choma: '20100',
  Livingstone: '10101',
  Mazabuka: '10400',
  Monze: '20200',
  Kalomo: '20300',
};

export const PROVINCE = 'Southern Province';
