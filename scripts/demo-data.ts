import type { SeedAccount } from '@caskade/identity';

/** Demo logins for the embedded mode only (README lists them). Never seeded in distributed mode. */
export const DEMO_PASSWORD = 'Caskade-demo-2026';

export const DEMO_ACCOUNTS: SeedAccount[] = [
  {
    email: 'operator@example.com', password: DEMO_PASSWORD, role: 'operator',
    profile: { firstName: 'Olivia', lastName: 'Operator', companyName: 'Caskade' },
  },
  {
    email: 'buyer@example.com', password: DEMO_PASSWORD, role: 'buyer',
    profile: {
      firstName: 'Ben', lastName: 'Barkeep', companyName: 'The Fitzroy Alehouse', abnAcn: '51824753556',
      phoneNumber: '0412345678', favouriteCategories: ['beer', 'wine'],
      // Liquor is sold only to a licensed buyer (ADR 042): the demo venue holds a Victorian licence.
      liquorLicenceNumber: '32012345', liquorLicenceState: 'VIC',
    },
  },
  {
    email: 'limited@example.com', password: DEMO_PASSWORD, role: 'buyer', scopes: ['user:limited'],
    profile: {
      firstName: 'Lee', lastName: 'Limited', companyName: 'The Fitzroy Alehouse', abnAcn: '51824753556', phoneNumber: '0412345679',
      liquorLicenceNumber: '32012345', liquorLicenceState: 'VIC',
    },
  },
  {
    email: 'supplier@example.com', password: DEMO_PASSWORD, role: 'supplier',
    profile: {
      firstName: 'Sam', lastName: 'Brewer', companyName: 'Yarra Valley Brewing Co', abnAcn: '33102417032', phoneNumber: '0398765432',
      brandName: 'Yarra Valley Brewing', businessName: 'Yarra Valley Brewing Co Pty Ltd', legalEntityName: 'YVB Holdings Pty Ltd',
      retailLiquorLicence: '', wholesaleLiquorLicence: 'WL-36100123', address: '12 Brewery Lane, Healesville VIC 3777',
      contactNumber: '0398765432', favouriteDrink: 'Pale ale',
      bio: 'Independent brewery in the Yarra Valley since 2009: pale ales, lagers and seasonal sours in kegs and cans.',
    },
  },
];
