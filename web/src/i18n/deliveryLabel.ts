/**
 * How a cart or checkout line is delivered, in words. A service is given in person: its one
 * delivery method is pickup (the orders domain's deliveryMethodsOf), which would read "Pickup".
 */
import { isServiceCategory } from '@caskade/catalog/domain';
import { DELIVERY_METHOD_LABELS } from './buyingMessages';

export const IN_PERSON = 'In person';

export const deliveryLabel = (method: string, category: string): string => (isServiceCategory(category) ? IN_PERSON : (DELIVERY_METHOD_LABELS[method] ?? method));
