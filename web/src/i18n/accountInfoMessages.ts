/** en-AU wording for the supplier's Business info tab, the limited-access account notes and the contact form (ADR 059). */
export const businessInfoUi = {
  intro: 'The details buyers see on your tax invoices and that we check before paying you out.',
  registration: 'Registration',
  registrationDescription: 'Your registered business, as the ATO and ASIC know it.',
  licences: 'Liquor licences',
  licencesDescription: 'Optional: the licences you sell under. Buyers of alcoholic products may ask for them.',
  contact: 'Where to find you',
  save: 'Save business info',
  saved: 'Business info saved.',
  suppliersOnly: 'Business info is kept for supplier accounts. Your company name and ABN are under Contact details.',
  addressHint: 'Street, suburb, state and postcode, for example 12 Brewery Lane, Healesville VIC 3777.',
} as const;

export const limitedAccessUi = {
  title: 'What you can do with limited access',
  body: 'This login can browse, search and read your account, but changes to the account are kept for its owner.',
  can: ['Search and browse listings and brands', 'Read your orders and account details', 'Update the account’s phone number'],
  cannot: 'Changing the email address, the password or deleting the account needs the account owner’s full login.',
  askOwner: 'Ask the account owner to make this change, or log out and sign in with full access.',
} as const;

export const contactUi = {
  formTitle: 'Send us a message',
  formIntro: 'We answer within one business day.',
  name: 'Your name',
  email: 'Email address',
  subject: 'Subject',
  message: 'Message',
  messageHint: 'Up to 5,000 characters.',
  send: 'Send message',
  sending: 'Sending…',
  sent: 'Thanks — your message is on its way. We’ll reply by email.',
  emailHeading: 'Email',
  orEmail: 'Prefer email? Write to',
  replyTime: 'We reply within one business day.',
  tooMany: 'You’ve sent several messages in a short time. Please try again in a little while.',
} as const;
