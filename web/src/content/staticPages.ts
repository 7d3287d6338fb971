/** Copy for the static pages. Short on purpose: the legal text proper is maintained by the business. */
export interface StaticSection {
  id: string;
  heading: string;
  body: string;
}
export interface StaticContent {
  intro: string;
  sections: StaticSection[];
}

/** The marketplace's public inbox: the contact page's mailto link (contact-form messages go to CONTACT_INBOX, by default the same address). */
export const CONTACT_EMAIL = 'hello@caskade.com.au';

export const STATIC_PAGES: Record<string, StaticContent> = {
  AboutPage: {
    intro: 'Caskade connects Australia’s independent drinks makers with the venues and retailers that pour and sell their products.',
    sections: [
      { id: 'buyers', heading: 'For buyers', body: 'Venues, bottle shops and restaurants order from many suppliers in one cart, pay by card, direct debit or bank transfer, and use payment terms where suppliers offer them.' },
      { id: 'suppliers', heading: 'For suppliers', body: 'Breweries, wineries, distilleries and service providers list their range in keg, bottle and can packages, manage stock, get paid and follow their sales.' },
      { id: 'where', heading: 'Where we are', body: 'Caskade is based in South Yarra, Victoria, and serves the trade across Australia. All prices are in Australian dollars.' },
    ],
  },
  FAQPage: {
    intro: 'Answers to the questions we hear most often.',
    sections: [
      { id: 'cost', heading: 'What does Caskade cost buyers?', body: 'Nothing. Buyer accounts are free; you pay suppliers for what you order.' },
      { id: 'payment', heading: 'How can I pay?', body: 'By card, by direct debit (AU BECS) or by bank transfer. Some suppliers offer 30, 60 or 90 day terms.' },
      { id: 'shippingInfor', heading: 'How does delivery work?', body: 'Each supplier sets its own delivery options. Standard delivery takes 1 to 3 business days; some suppliers offer next-day delivery with an order cut-off time.' },
      { id: 'verification', heading: 'Why do I need to verify my email?', body: 'Verifying your email lets suppliers and buyers trust who they are trading with. You can request up to 5 verification emails a day.' },
      { id: 'fees', heading: 'What do suppliers pay?', body: 'A monthly membership (Small, Medium, Large or Services) plus a platform fee on sales that depends on the plan.' },
    ],
  },
  ContactUsPage: {
    intro: 'We’re here to help buyers and suppliers get the most out of Caskade.',
    sections: [
      { id: 'office', heading: 'Office', body: 'South Yarra, Victoria, Australia.' },
    ],
  },
  TermsOfServicePage: {
    intro: 'These terms govern your use of the Caskade marketplace.',
    sections: [
      { id: 'accounts', heading: 'Accounts', body: 'You must give accurate business details, including a valid ABN or ACN, and keep your login secure.' },
      { id: 'orders', heading: 'Orders', body: 'Each order is a contract between the buyer and the supplier. Caskade processes payments on the supplier’s behalf.' },
      { id: 'alcohol', heading: 'Alcohol', body: 'Buyers and suppliers must hold the liquor licences their state or territory requires.' },
    ],
  },
  PrivacyPolicyPage: {
    intro: 'How Caskade collects, uses and protects personal information, in line with the Australian Privacy Principles.',
    sections: [
      { id: 'collect', heading: 'What we collect', body: 'Your name, business details, contact details and order history, and cookies that keep you signed in.' },
      { id: 'use', heading: 'How we use it', body: 'To run your account, process orders and payments, and improve the marketplace. We never sell personal information.' },
      { id: 'cookies', heading: 'Cookies', body: 'We store a cookie to remember that you accepted our cookie notice for up to 10 years, and session cookies to keep you signed in.' },
    ],
  },
};
