package dev.authservice.bootstrap.browser;

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
}
