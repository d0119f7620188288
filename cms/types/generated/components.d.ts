import type { Schema, Struct } from '@strapi/strapi';

export interface MoneyPrice extends Struct.ComponentSchema {
  collectionName: 'components_money_prices';
  info: {
    description: "An amount in the currency's minor unit (paise, cents) and its ISO 4217 code";
    displayName: 'Price';
  };
  attributes: {
    amount: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 1000000000;
          min: 0;
        },
        number
      >;
    currency: Schema.Attribute.Enumeration<['INR', 'USD', 'EUR', 'GBP']> &
      Schema.Attribute.Required;
  };
}

declare module '@strapi/strapi' {
  export namespace Public {
    export interface ComponentSchemas {
      'money.price': MoneyPrice;
    }
  }
}
