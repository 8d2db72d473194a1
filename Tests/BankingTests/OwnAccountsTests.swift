import Banking
import Testing

/// A member's own cards and jars, as the bank names them in a transfer's words.
@Suite struct OwnAccountsTests {
    let own = OwnAccounts(jarTitles: ["Відпустка"], cardEndings: ["1234", "*12", "abcd"])

    @Test func theBanksOwnCardWordsAreAMoveBetweenOwnAccounts() {
        #expect(own.isOwnMove("Переказ зі своєї карти 5375 **** **** 9999"))
        #expect(own.isOwnMove("Переказ на свою картку"))
        #expect(own.isOwnMove("Перевод со своей карты"))
        #expect(OwnAccounts().isOwnMove("Переказ зі своєї карти"), "the words need no listed account")
    }

    @Test func aJarIsOwnOnlyWhenItIsOneOfTheMembersJars() {
        #expect(own.isOwnMove("На банку «Відпустка»"))
        #expect(own.isOwnMove("З банки «відпустка»"))
        #expect(!own.isOwnMove("На банку «На дрон»"), "someone else's jar is a gift")
        #expect(!OwnAccounts().isOwnMove("На банку «Відпустка»"), "a jar nobody listed is not known to be hers")
        #expect(!own.isOwnMove("Кафе «Відпустка»"), "a jar's name on a shop is no jar")
    }

    @Test func aMaskedCardEndingThatIsHersIsOwn() {
        #expect(own.isOwnMove("Переказ на картку 5168 **** **** 1234"))
        #expect(own.isOwnMove("На картку *1234"))
        #expect(!own.isOwnMove("Переказ на картку 5168 **** **** 4321"))
        #expect(!own.isOwnMove("Переказ Івану 1234"), "digits without a mask are no card")
        #expect(!own.isOwnMove("***"), "a mask without digits names nothing")
    }
}
