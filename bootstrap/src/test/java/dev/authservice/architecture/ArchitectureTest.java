package dev.authservice.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the dependency rule on the real modules (bootstrap's classpath holds all of them), and shows that each rule
 * does fail on a fixture that breaks it, so that a renamed package cannot turn the rules into silent passes.
 */
class ArchitectureTest {

    static final String ROOT = "dev.authservice";
    private static final String BROKEN = ROOT + ".architecture.fixture.broken";

    /** Test classes are left out, in a directory and in a module's test jar (the application's fixtures are here). */
    static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages(ROOT);

    private static final JavaClasses BROKEN_FIXTURE = new ClassFileImporter().importPackages(BROKEN);

    private static final HexagonRules BROKEN_RULES = new HexagonRules(BROKEN);

    @TestFactory
    List<DynamicTest> theModulesFollowTheDependencyRule() {
        return new HexagonRules(ROOT).all().stream()
                .map(rule -> DynamicTest.dynamicTest(rule.getDescription(), () -> rule.check(PRODUCTION)))
                .toList();
    }

    @Test
    void everyLayerTheRulesNameHasClasses() {
        // The persistence sub-packages are listed too: the rule between them checks nothing unless two have classes.
        for (String layer : List.of("domain", "application.session.port.in", "application.session.port.out",
                "application.session.service", "application.shared.port.out", "adapter.in.web",
                "adapter.out.persistence", "adapter.out.persistence.audit", "adapter.out.persistence.login",
                "adapter.out.persistence.order", "adapter.out.persistence.session", "adapter.out.persistence.user",
                "adapter.out.crypto", "adapter.out.telemetry", "adapter.out.unicode", "adapter.out.mail",
                "bootstrap")) {
            assertHasClasses(layer);
        }
    }

    /** A capability the rules name but that has no classes would let them pass without checking anything. */
    @Test
    void everyCapabilityTheRulesNameHasClasses() {
        HexagonRules.CAPABILITIES.forEach((module, capabilities) ->
                capabilities.keySet().forEach(capability -> assertHasClasses(module + "." + capability)));
    }

    /**
     * A package right under the root of a module the capability rule covers is a capability or shared: one the rules do
     * not name would be checked by none of them.
     */
    @Test
    void everyPackageTheCapabilityRuleCoversIsNamedByIt() {
        HexagonRules.CAPABILITIES.forEach((module, capabilities) -> {
            String prefix = ROOT + "." + module + ".";
            Set<String> named = new TreeSet<>(capabilities.keySet());
            named.addAll(HexagonRules.SHARED.get(module));
            Set<String> found = PRODUCTION.stream().map(c -> c.getPackageName() + ".")
                    .filter(name -> name.startsWith(prefix) && name.length() > prefix.length())
                    .map(name -> name.substring(prefix.length()).split("\\.")[0])
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(named, found, "the packages of " + module + " that HexagonRules names");
        });
    }

    private static void assertHasClasses(String layer) {
        String pkg = ROOT + "." + layer;
        assertTrue(PRODUCTION.stream().anyMatch(c -> c.getPackageName().startsWith(pkg)),
                "no classes in " + pkg + ": a rule about it would pass without checking anything");
    }

    @TestFactory
    List<DynamicTest> everyRuleFailsOnCodeThatBreaksIt() {
        assertFalse(BROKEN_FIXTURE.isEmpty(), "the broken fixture must be on the test classpath");
        return BROKEN_RULES.all().stream()
                .map(rule -> DynamicTest.dynamicTest("fails: " + rule.getDescription(),
                        () -> assertThrows(AssertionError.class, () -> rule.check(BROKEN_FIXTURE))))
                .toList();
    }

    /**
     * One broken in-port per condition of the in-port rules, each named once by the rule it breaks, for the defect it
     * has: a rule that lost a condition, or reports the wrong one, fails here though it still fails on the fixture.
     */
    @TestFactory
    List<DynamicTest> eachInPortRuleNamesTheInPortThatBreaksIt() {
        ArchRule contents = BROKEN_RULES.inPortsHoldUseCasesAndValues();
        ArchRule method = BROKEN_RULES.useCasesTakeOneCommandOrQuery();
        ArchRule result = BROKEN_RULES.useCaseResultsAreSealedOutcomesWithAMatch();
        return List.of(
                namedFor(contents, "PortThatNamesAService", "is an interface, but neither a use case"),
                namedFor(contents, "ValueThatIsNotARecord", "is a class, but neither a record nor an enum"),
                namedFor(method, "TwoWaysInUseCase", "not one abstract method"),
                namedFor(method, "MisnamedMethodUseCase", "names its method execute, not misnamedMethod"),
                namedFor(method, "TwoParametersUseCase", "takes 2 parameters, not one"),
                namedFor(method, "BorrowedQueryUseCase", "WellShapedUseCase$Query, not a Command or Query record"),
                namedFor(method, "RequestRecordUseCase", "RequestRecordUseCase$Request, not a Command or Query record"),
                namedFor(method, "CommandThatIsAClassUseCase", "$Command, not a Command or Query record nested in it"),
                namedFor(method, "EmptyCommandUseCase", "takes a Command that carries nothing"),
                namedFor(method, "BorrowedResultUseCase", "WellShapedUseCase$Result, not the Result nested in it"),
                namedFor(result, "OpenResultUseCase", "$Result is not a sealed interface"),
                namedFor(result, "ResultThatIsAClassUseCase", "$Result is not a sealed interface"),
                namedFor(result, "OutcomeThatIsAClassUseCase", "$Result$Done, which is not a record nested in it"),
                namedFor(result, "OutcomeOutsideTheResultUseCase", "UseCase$Done, which is not a record nested in it"),
                namedFor(result, "ResultWithoutMatchUseCase", "declares 0 match methods, not one"),
                namedFor(result, "MatchMissingAnOutcomeUseCase", "not one Function per outcome"),
                namedFor(result, "MatchTakingConsumersUseCase", "not one Function per outcome"));
    }

    /** Both of the store's ways of deciding are named: asking the domain, and making a decision of its own. */
    @Test
    void theRuleThatAdaptersDoNotDecideNamesTheStoreThatDecides() {
        List<String> violations = BROKEN_RULES.adaptersDoNotDecide().evaluate(BROKEN_FIXTURE).getFailureReport()
                .getDetails();

        assertEquals(2, violations.size(), violations.toString());
        assertTrue(violations.stream().allMatch(violation -> violation.contains(".StoreThatDecides.")),
                violations.toString());
        assertTrue(violations.stream().anyMatch(violation -> violation.contains("Attempt.decide()")),
                violations.toString());
        assertTrue(violations.stream().anyMatch(violation -> violation.contains("Decision.<init>(boolean)")),
                violations.toString());
    }

    @Test
    void theInPortRulesPassAWellShapedInPort() {
        for (ArchRule rule : List.of(BROKEN_RULES.inPortsHoldUseCasesAndValues(),
                BROKEN_RULES.useCasesTakeOneCommandOrQuery(),
                BROKEN_RULES.useCaseResultsAreSealedOutcomesWithAMatch())) {
            assertEquals(List.of(), violationsNaming(rule, "WellShapedUseCase"), rule.getDescription());
        }
    }

    private static DynamicTest namedFor(ArchRule rule, String inPort, String defect) {
        return DynamicTest.dynamicTest(inPort + " " + defect, () -> {
            List<String> violations = violationsNaming(rule, inPort);
            assertTrue(violations.size() == 1 && violations.get(0).contains(defect),
                    "expected one violation of " + inPort + " saying \"" + defect + "\", got " + violations);
        });
    }

    /** The failures that name the in-port, or a type nested in it, as the violating class. */
    private static List<String> violationsNaming(ArchRule rule, String inPort) {
        String name = BROKEN + ".application.port.in." + inPort;
        return rule.evaluate(BROKEN_FIXTURE).getFailureReport().getDetails().stream()
                .filter(line -> line.startsWith(name + " ") || line.startsWith(name + "$"))
                .toList();
    }
}
