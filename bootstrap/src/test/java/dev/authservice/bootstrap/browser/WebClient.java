package dev.authservice.bootstrap.browser;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The browser client's page as a user sees it: what they can click and read, by the page's element ids. */
final class WebClient {

    private final Browser browser;

    WebClient(Browser browser) {
        this.browser = browser;
    }

    Browser browser() {
        return browser;
    }

    void open() {
        browser.go("/");
    }

    void signIn(String username, String password) {
        open();
        submitLogin(username, password);
    }

    void submitLogin(String username, String password) {
        browser.type("#username", username);
        browser.type("#password", password);
        browser.click("#login-submit");
    }

    /** Waits until the signed-in page shows this user's profile and the first page of orders. */
    void waitForSignedIn(String username) {
        browser.waitForText("#profile-username", username);
        waitForOrders();
    }

    void waitForSecondFactor(String message) {
        browser.visible("#second-factor-form");
        browser.waitForText("#login-message", message);
    }

    void submitSecondFactor(String code) {
        browser.type("#second-factor-code", code);
        browser.click("#second-factor-submit");
    }

    void signInWithAPasskey() {
        open();
        browser.click("#passkey-sign-in");
    }

    void useAPasskeyInstead() {
        browser.click("#second-factor-passkey");
    }

    /** Adds a passkey in the Passkeys panel, named so, and waits until the list shows it. */
    void addPasskey(String name) {
        browser.visible("#passkeys-card");
        browser.type("#passkey-name", name);
        browser.click("#passkey-add");
        browser.waitForText("#passkeys-message", "Passkey added: you can sign in with it, without your password.");
        browser.waitUntil("the passkeys list " + name, driver -> passkeys().contains(name));
    }

    /** The names in the Passkeys panel's list. */
    List<String> passkeys() {
        return browser.texts("#passkeys li .device");
    }

    void deletePasskey(String name) {
        clickDeletePasskey(name);
        browser.waitUntil("the passkeys list without " + name, driver -> !passkeys().contains(name));
    }

    void clickDeletePasskey(String name) {
        browser.click("#passkeys button[aria-label='Delete " + name + "']");
    }

    void waitForLoginForm(String message) {
        browser.visible("#login-form");
        browser.waitForText("#login-message", message);
    }

    boolean showsLoginForm() {
        return browser.isShown("#login-form");
    }

    boolean showsApp() {
        return browser.isShown("#app-view");
    }

    String signedInAs() {
        return browser.text("#signed-in-as");
    }

    String profile(String field) {
        return browser.text("#profile-" + field);
    }

    /** Waits until the orders table has its answer (no request of it in flight) with at least one row. */
    void waitForOrders() {
        browser.waitUntil("the orders are shown", driver ->
                "false".equals(browser.attribute("#orders", "aria-busy"))
                        && !browser.texts("#orders tbody tr").isEmpty());
    }

    void waitForPageInfo(String text) {
        browser.waitForText("#page-info", text);
        waitForOrders();
    }

    String pageInfo() {
        return browser.text("#page-info");
    }

    /** The full ids of the orders shown, top to bottom. */
    List<String> orderIds() {
        return browser.attributes("#orders tbody td.id", "title");
    }

    List<String> orderStatuses() {
        return browser.texts("#orders tbody .badge");
    }

    void nextPage() {
        browser.click("#next-page");
    }

    void previousPage() {
        browser.click("#prev-page");
    }

    boolean canGoToNextPage() {
        return browser.attribute("#next-page", "disabled") == null;
    }

    void sortBy(String property) {
        browser.click("#orders th[data-sort='" + property + "'] button");
    }

    /** Waits until the column of {@code property} says it is sorted {@code ascending} or {@code descending}. */
    void waitForSort(String property, String direction) {
        browser.waitUntil(property + " sorted " + direction, driver ->
                direction.equals(browser.attribute("#orders th[data-sort='" + property + "']", "aria-sort")));
        waitForOrders();
    }

    /** A status, or {@code ""} for all. */
    void filterByStatus(String status) {
        browser.select("#status-filter", status);
    }

    void reload() {
        browser.click("#reload");
    }

    void logOut() {
        browser.click("#logout");
    }

    List<String> sessionDevices() {
        return browser.texts("#sessions .device");
    }

    void waitForSession(String device) {
        browser.waitUntil("a session of " + device, driver -> sessionDevices().contains(device));
    }

    void waitForNoSession(String device) {
        browser.waitUntil("no session of " + device, driver -> !sessionDevices().contains(device));
    }

    void signOutSession(String device) {
        browser.clickXPath("//li[contains(@class, 'session') and .//div[@class='device' and text()='" + device
                + "']]//button[contains(@class, 'sign-out-session')]");
    }

    String currentSessionDevice() {
        return browser.text("#sessions li.current .device");
    }

    /** Waits until the two-step sign-in panel shows its status, {@code On} or {@code Off}. */
    void waitForTwoStep(String state) {
        browser.visible("#two-step-status-view");
        browser.waitForText("#two-step-state", state);
    }

    String twoStepDetails() {
        return browser.text("#two-step-details");
    }

    void waitForTwoStepMessage(String message) {
        browser.waitForText("#two-step-message", message);
    }

    /** Turns two-step sign-in on and answers the key the page shows, without the spaces it groups it with. */
    String turnOnTwoStep() {
        browser.click("#totp-turn-on");
        browser.visible("#totp-enrol-form");
        browser.waitUntil("a key is shown", driver -> !browser.text("#totp-secret").isBlank());
        return browser.text("#totp-secret").replace(" ", "");
    }

    /** Whether the QR code was drawn: an image the CSP blocked, or that did not decode, has no natural width. */
    boolean showsQrCode() {
        return browser.waitUntil("the QR code is loaded", driver -> (Boolean) browser.script(
                "const img = document.getElementById('totp-qr'); return img.complete;"))
                && ((Number) browser.script("return document.getElementById('totp-qr').naturalWidth")).intValue() > 0;
    }

    String qrCodeSource() {
        return browser.attribute("#totp-qr", "src");
    }

    void confirmTotp(String code) {
        browser.type("#totp-confirm-code", code);
        browser.click("#totp-confirm-submit");
    }

    /** Waits for the ten recovery codes shown once after a confirmation, and answers them. */
    List<String> waitForRecoveryCodes() {
        browser.visible("#recovery-codes-view");
        browser.waitUntil("ten recovery codes", driver -> browser.texts("#recovery-codes li").size() == 10);
        return browser.texts("#recovery-codes li");
    }

    /** The name and the text of the file the "Download .txt" link saves. */
    List<String> recoveryCodesFile() {
        String href = browser.attribute("#recovery-codes-download", "href");
        String prefix = "data:text/plain;charset=utf-8,";
        if (!href.startsWith(prefix)) {
            throw new AssertionError("not a text file: " + href);
        }
        return List.of(browser.attribute("#recovery-codes-download", "download"),
                URLDecoder.decode(href.substring(prefix.length()), StandardCharsets.UTF_8));
    }

    void doneWithRecoveryCodes() {
        browser.click("#recovery-codes-done");
    }

    /** Turns two-step sign-in off: the button, then the confirmation. */
    void turnOffTwoStep() {
        browser.click("#totp-turn-off");
        browser.visible("#totp-remove-form");
        browser.click("#totp-remove-submit");
    }

    void renewRecoveryCodes() {
        browser.click("#recovery-codes-renew");
    }

    /** Waits for "Confirm it's you", which asks for the code of the app too when two-step sign-in is on. */
    void waitForConfirmItsYou(boolean withCode) {
        browser.visible("#reauth-dialog");
        browser.waitUntil("the code field " + (withCode ? "shown" : "hidden"),
                driver -> browser.isShown("#reauth-code") == withCode);
    }

    /** Answers "Confirm it's you" with the password, and a code or a recovery code when there is one. */
    void confirmItsYou(String password, String code) {
        browser.type("#reauth-password", password);
        if (code != null) {
            browser.type("#reauth-code", code);
        }
        browser.click("#reauth-submit");
    }

    void confirmItsYouWithAPasskey() {
        browser.click("#reauth-passkey");
    }

    void cancelConfirmItsYou() {
        browser.click("#reauth-cancel");
    }

    void waitForConfirmItsYouMessage(String message) {
        browser.waitForText("#reauth-message", message);
    }

    void waitForConfirmItsYouClosed() {
        browser.waitUntil("the dialog closed", driver -> !browser.isShown("#reauth-dialog"));
    }

    void waitForNotice(String message) {
        browser.waitForText("#notice", message);
    }
}
