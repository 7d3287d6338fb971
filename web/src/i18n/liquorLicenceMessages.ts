/** en-AU wording for a buyer's liquor licence (ADR 042): the account section and the checkout prompt. */
export const liquorLicenceUi = {
  section: 'Liquor licence',
  description: 'Alcoholic products can only be sold to a business with a liquor licence. Non-alcoholic products and services need none.',
  number: 'Licence number',
  numberHint: 'As printed on your licence, for example LIQO660012345.',
  state: 'Issuing state or territory',
  chooseState: 'Choose…',
  save: 'Save licence',
  saved: 'Your liquor licence is saved.',
  onFile: (number: string, state: string) => `On file: ${number} (${state})`,
  none: 'No liquor licence on file yet.',
  promptTitle: 'Liquor licence needed',
  prompt: 'Your order includes alcoholic products. Add your liquor licence to buy them — it’s saved to your account.',
  accountLink: 'Manage it in your account',
} as const;
