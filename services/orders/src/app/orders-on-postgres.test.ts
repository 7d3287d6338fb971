/**
 * The orders service's suites (./*.suite.ts) on postgres: the services orders calls start once for the
 * file instead of once per suite, and each suite still gets an orders service, schema and clock of
 * its own (testing/harness.ts shareOrdersServices, docs/decisions/066). The first import must stay first.
 */
import '../testing/share-on-postgres';
import './charge-term-order.suite';
import './create-review.suite';
import './get-order-invoice.suite';
import './initiate-from-cart.suite';
import './late-payments.suite';
import './licence-check.suite';
import './query-reviews.suite';
import './reorder.suite';
import './run-standing-orders.suite';
import './run-transition.suite';
import './timers.suite';
import './update-standing-order.suite';
