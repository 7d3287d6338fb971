/** Notifications' domain: delivery retry rules and the email templates, pure (`@caskade/notifications/domain`). */
export * from './delivery';
export * from './templates';
export * from './order-emails';
export * from './order-templates';
export * from './notifications';
export * from './contact';
