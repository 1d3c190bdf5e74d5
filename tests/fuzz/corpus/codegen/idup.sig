<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>tests/irregular/idup</arg>
  <arg>-i</arg>
  <arg>40</arg>
  <arg>-p</arg>
  <arg>7</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="1" ratio="2.111111111111111" trace-length="228" signature-length="108" messages-matched="81"/>
 <sites>
  <site id="0" module="/work/main/build/release/tests/irregular/idup" offset="4633" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="21"/>
  <site id="1" module="/work/main/build/release/tests/irregular/idup" offset="5141" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="32"/>
  <site id="2" module="/work/main/build/release/tests/irregular/idup" offset="6175" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="34"/>
  <site id="3" module="/work/main/build/release/tests/irregular/idup" offset="6226" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="36"/>
  <site id="4" module="/work/main/build/release/tests/irregular/idup" offset="5206" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="42"/>
  <site id="5" module="/work/main/build/release/tests/irregular/idup" offset="5216" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="6" module="/work/main/build/release/tests/irregular/idup" offset="5473" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="48"/>
  <site id="7" module="/work/main/build/release/tests/irregular/idup" offset="5529" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="49"/>
  <site id="8" module="/work/main/build/release/tests/irregular/idup" offset="5837" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="56"/>
  <site id="9" module="/work/main/build/release/tests/irregular/idup" offset="5890" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="57"/>
  <site id="10" module="/work/main/build/release/tests/irregular/idup" offset="6010" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="60"/>
  <site id="11" module="/work/main/build/release/tests/irregular/idup" offset="6037" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="61"/>
  <site id="12" module="/work/main/build/release/tests/irregular/idup" offset="6047" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="62"/>
  <site id="13" module="/work/main/build/release/tests/irregular/idup" offset="5623" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="14" module="/work/main/build/release/tests/irregular/idup" offset="5643" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="67"/>
  <site id="15" module="/work/main/build/release/tests/irregular/idup" offset="5677" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="74"/>
  <site id="16" module="/work/main/build/release/tests/irregular/idup" offset="6271" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="39"/>
  <site id="17" module="/work/main/build/release/tests/irregular/idup" offset="5193" function="main" file="/work/main/tests/e2e/irregular/idup.c" line="40"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1292832255972218122" created-by="MPI_Comm_idup" parent-slot="0" members="0 1"/>
  <comm id="2" gid="4565969118954388142" created-by="MPI_Comm_idup" parent-slot="2" members="0 1"/>
  <comm id="3" gid="3589745876287116678" created-by="MPI_Comm_idup" parent-slot="2" members="0 1"/>
  <comm id="4" gid="323798209405797910" created-by="MPI_Comm_idup" parent-slot="2" members="0 1"/>
  <comm id="5" gid="4774745380930371071" created-by="MPI_Comm_idup" parent-slot="2" members="0 1"/>
  <comm id="6" gid="4954947695199183970" created-by="MPI_Comm_idup" parent-slot="2" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="114" time-ns="69084822" compute-ns="2265948" mpi-ns="54712654" per-event-ns="481" comms="0 - 1 2 3 4 5 6"/>
  <rank id="1" class="1" events="114" time-ns="68959498" compute-ns="2044575" mpi-ns="55517038" per-event-ns="611" comms="0 - 1 2 3 4 5 6"/>
 </ranks>
 <class id="0" ranks="0" program="1" events="114" length="54" time-ns="69084822">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="13395" max="13395" shift="481"/>
   <duration min="52399434" max="52399434"/>
  </symbol>
  <symbol id="1" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="38332" max="38332" shift="481"/>
   <compute-cpu min="33292" max="33292" shift="481"/>
   <duration min="60603" max="60603"/>
  </symbol>
  <symbol id="2" call="MPI_Comm_idup" comm="0" newcomm="2" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="28574" max="28574" shift="481"/>
   <compute-cpu min="26320" max="26320" shift="481"/>
   <duration min="54071" max="54071"/>
  </symbol>
  <symbol id="3" call="MPI_Send" comm="0" tag="99" dtsize="4" site="3" prev-site="2" occurrences="1" match="0">
   <peer kind="rel" value="1"/>
   <side role="member" events="1" count="1" bytes="4"/>
   <compute min="61325" max="61325" shift="481"/>
   <compute-cpu min="59481" max="59481" shift="481"/>
   <duration min="3797" max="3797"/>
  </symbol>
  <symbol id="4" call="MPI_Wait" comm="0" site="4" prev-site="3" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Comm_idup"/>
   <compute mean="18204" min="18204" max="18204" shift="481" buckets="706:1"/>
   <duration min="177152" max="177152"/>
  </symbol>
  <symbol id="5" call="MPI_Barrier" comm="0" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="3196" min="3196" max="3196" shift="481" buckets="577:1"/>
   <duration min="8246" max="8246"/>
  </symbol>
  <symbol id="6" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="5" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="47940" min="47940" max="47940" shift="481" buckets="772:1"/>
   <compute-cpu min="45856" max="45856" shift="481"/>
   <duration min="25027" max="25027"/>
  </symbol>
  <symbol id="7" call="MPI_Sendrecv" comm="2" tag="1" tag2="1" dtsize="1" site="7" prev-site="6" occurrences="40" match="1" match2="2">
   <peer kind="rel" value="1"/>
   <peer2 kind="rel" value="1"/>
   <side role="member" events="40" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="107.925" min="0" max="3135" shift="481" zeros="34" buckets="310:1 342:1 353:1 425:1 439:1 576:1"/>
   <duration mean="15852.625" min="1914" max="289975" buckets="543:1 550:1 551:1 552:2 553:1 554:1 555:1 558:1 560:1 561:1 570:1 618:1 623:1 628:1 629:2 631:1 634:2 636:1 638:1 641:1 647:1 655:1 661:1 672:1 676:1 679:1 683:1 684:2 694:1 695:1 701:1 707:1 709:1 710:1 745:1 905:1"/>
  </symbol>
  <symbol id="8" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="7" occurrences="34">
   <side role="member" events="34" count="1" bytes="8" rbytes="8"/>
   <compute mean="42646.94117647059" min="41067" max="73498" shift="481" buckets="762:17 763:11 764:3 767:1 769:1 806:1"/>
   <compute-cpu mean="41183.205882352944" min="39744" max="71734" shift="481" buckets="760:22 761:8 762:1 764:1 766:1 805:1"/>
   <duration mean="3348.823529411765" min="1493" max="9378" buckets="522:1 524:1 528:1 533:1 534:1 535:2 536:1 539:3 540:1 542:1 544:1 546:1 547:1 548:1 551:1 554:2 562:1 567:1 579:1 608:2 610:1 614:1 615:1 623:1 624:1 625:1 642:1 645:1 657:1"/>
  </symbol>
  <symbol id="9" call="MPI_Comm_idup" comm="2" newcomm="3" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="70" min="70" max="70" shift="481" buckets="302:1"/>
   <duration min="924554" max="924554"/>
  </symbol>
  <symbol id="10" call="MPI_Iallreduce" comm="0" dtsize="8" op="MPI_MAX" site="9" prev-site="8" occurrences="5">
   <side role="member" events="5" count="1" bytes="8" rbytes="8"/>
   <compute mean="5091.4" min="1623" max="15930" shift="481" buckets="529:1 535:1 572:1 576:1 698:1"/>
   <duration mean="6286" min="2375" max="19147" buckets="557:1 568:1 583:1 589:1 708:1"/>
  </symbol>
  <symbol id="11" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="5">
   <side role="member" events="5" count="0"/>
   <link dist="2" index="0" call="MPI_Comm_idup"/>
   <link dist="1" index="1" call="MPI_Iallreduce"/>
   <compute mean="31923.8" min="21500" max="50605" shift="481" buckets="716:2 747:1 751:1 776:1"/>
   <compute-cpu mean="29801.8" min="20057" max="47419" shift="481" buckets="711:2 743:1 745:1 772:1"/>
   <duration mean="35500.6" min="14758" max="62668" buckets="690:1 729:1 743:1 766:1 795:1"/>
  </symbol>
  <symbol id="12" call="MPI_Bcast" comm="3" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1024" bytes="1024"/>
   <compute min="3296" max="3296" shift="481"/>
   <duration min="16361" max="16361"/>
  </symbol>
  <symbol id="13" call="MPI_Comm_free" comm="3" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2825" max="2825" shift="481"/>
   <duration min="7394" max="7394"/>
  </symbol>
  <symbol id="14" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="12" occurrences="5">
   <side role="member" events="5" count="1" bytes="8" rbytes="8"/>
   <compute mean="42351.4" min="41728" max="43271" shift="481" buckets="763:3 765:2"/>
   <compute-cpu mean="40398" min="39955" max="40957" shift="481" buckets="760:2 761:2 762:1"/>
   <duration mean="8465.8" min="1653" max="19988" buckets="530:1 578:1 652:1 654:1 710:1"/>
  </symbol>
  <symbol id="15" call="MPI_Comm_idup" comm="2" newcomm="4" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="3146" max="3146"/>
  </symbol>
  <symbol id="16" call="MPI_Bcast" comm="4" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1024" bytes="1024"/>
   <compute mean="551" min="551" max="551" shift="481" buckets="454:1"/>
   <duration min="5610" max="5610"/>
  </symbol>
  <symbol id="17" call="MPI_Comm_free" comm="4" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="351" min="351" max="351" shift="481" buckets="419:1"/>
   <duration min="1382" max="1382"/>
  </symbol>
  <symbol id="18" call="MPI_Comm_idup" comm="2" newcomm="5" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="3457" max="3457"/>
  </symbol>
  <symbol id="19" call="MPI_Bcast" comm="5" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1024" bytes="1024"/>
   <compute mean="270" min="270" max="270" shift="481" buckets="403:1"/>
   <duration min="6042" max="6042"/>
  </symbol>
  <symbol id="20" call="MPI_Comm_free" comm="5" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="290" min="290" max="290" shift="481" buckets="407:1"/>
   <duration min="651" max="651"/>
  </symbol>
  <symbol id="21" call="MPI_Comm_idup" comm="2" newcomm="6" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="2335" max="2335"/>
  </symbol>
  <symbol id="22" call="MPI_Bcast" comm="6" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1024" bytes="1024"/>
   <compute min="200" max="200" shift="481"/>
   <duration min="1984" max="1984"/>
  </symbol>
  <symbol id="23" call="MPI_Comm_free" comm="6" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="251" max="251" shift="481"/>
   <duration min="861" max="861"/>
  </symbol>
  <symbol id="24" call="MPI_Comm_idup" comm="2" newcomm="7" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="2335" max="2335"/>
  </symbol>
  <symbol id="25" call="MPI_Bcast" comm="7" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" events="1" count="1024" bytes="1024"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="2153" max="2153"/>
  </symbol>
  <symbol id="26" call="MPI_Comm_free" comm="7" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="60" min="60" max="60" shift="481" buckets="289:1"/>
   <duration min="581" max="581"/>
  </symbol>
  <symbol id="27" call="MPI_Barrier" comm="0" site="13" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="481"/>
   <duration min="4208" max="4208"/>
  </symbol>
  <symbol id="28" call="MPI_Comm_free" comm="2" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2655" max="2655" shift="481"/>
   <duration min="2043" max="2043"/>
  </symbol>
  <symbol id="29" call="MPI_Finalize" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="200516" max="200516" shift="481"/>
   <compute-cpu min="48310" max="48310" shift="481"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="2" time-ns="61956.31470588235">
   <s ref="7"/>
   <s ref="8"/>
  </block>
  <block id="1" events="114" time-ns="4586666.999999998">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <loop body="0" count="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <loop body="0" count="6"/>
   <s ref="7"/>
   <s ref="15"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="14"/>
   <loop body="0" count="6"/>
   <s ref="7"/>
   <s ref="18"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="14"/>
   <loop body="0" count="6"/>
   <s ref="7"/>
   <s ref="21"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="22"/>
   <s ref="23"/>
   <s ref="14"/>
   <loop body="0" count="6"/>
   <s ref="7"/>
   <s ref="24"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="14"/>
   <loop body="0" count="4"/>
   <s ref="7"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
  </block>
  <dominant block="0" count="6" share="0.45926915993683454" iteration-ns="61956.31470588235"/>
 </class>
 <class id="1" ranks="1" program="3" events="114" length="54" time-ns="68959498">
  <symbol id="30" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="15058" max="15058" shift="611"/>
   <duration min="52491977" max="52491977"/>
  </symbol>
  <symbol id="31" call="MPI_Barrier" comm="0" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="27361" max="27361" shift="611"/>
   <compute-cpu min="0" max="0" shift="611"/>
   <duration min="777789" max="777789"/>
  </symbol>
  <symbol id="32" call="MPI_Recv" comm="0" tag="99" dtsize="4" site="16" prev-site="1" occurrences="1" match="0">
   <peer kind="rel" value="-1"/>
   <side role="member" events="1" count="1" bytes="4" rbytes="4"/>
   <compute min="26710" max="26710" shift="611"/>
   <compute-cpu min="21842" max="21842" shift="611"/>
   <duration min="115567" max="115567"/>
  </symbol>
  <symbol id="33" call="MPI_Comm_idup" comm="0" newcomm="2" site="17" prev-site="16" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="36138" max="36138" shift="611"/>
   <compute-cpu mean="34736" min="34736" max="34736" shift="611" buckets="752:1"/>
   <duration min="60905" max="60905"/>
  </symbol>
  <symbol id="34" call="MPI_Wait" comm="0" site="4" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <link dist="1" index="0" call="MPI_Comm_idup"/>
   <compute min="52098" max="52098" shift="611"/>
   <compute-cpu min="50424" max="50424" shift="611"/>
   <duration min="48560" max="48560"/>
  </symbol>
  <symbol id="35" call="MPI_Barrier" comm="0" site="5" prev-site="4" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2856" max="2856" shift="611"/>
   <duration min="4328" max="4328"/>
  </symbol>
  <symbol id="36" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="5" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="47259" max="47259" shift="611"/>
   <compute-cpu min="44985" max="44985" shift="611"/>
   <duration min="24826" max="24826"/>
  </symbol>
  <symbol id="37" call="MPI_Sendrecv" comm="2" tag="1" tag2="1" dtsize="1" site="7" prev-site="6" occurrences="40" match="2" match2="1">
   <peer kind="rel" value="-1"/>
   <peer2 kind="rel" value="-1"/>
   <side role="member" events="40" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="86.975" min="0" max="2465" shift="611" zeros="36" buckets="304:1 440:2 560:1"/>
   <duration mean="15684.725" min="1974" max="289072" buckets="546:2 548:1 551:1 555:2 556:2 558:1 561:1 562:1 564:1 616:1 625:1 632:3 634:3 635:1 637:1 638:1 651:1 655:1 671:1 675:1 678:1 680:1 681:1 687:1 693:1 696:1 699:1 700:3 703:1 731:1 905:1"/>
  </symbol>
  <symbol id="38" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="7" occurrences="34">
   <side role="member" events="34" count="1" bytes="8" rbytes="8"/>
   <compute mean="42520.117647058825" min="40666" max="72826" shift="611" buckets="761:1 762:13 763:14 764:3 767:1 768:1 806:1"/>
   <compute-cpu mean="40997.117647058825" min="39574" max="71083" shift="611" buckets="760:20 761:10 762:1 764:2 804:1"/>
   <duration mean="3478.6470588235293" min="1483" max="11301" buckets="522:1 524:1 528:1 532:1 535:2 537:1 539:1 543:1 544:1 545:1 546:1 548:1 549:1 551:2 552:1 553:2 554:1 556:2 557:1 562:1 570:1 615:1 619:1 629:1 630:1 639:1 642:1 652:1 653:1 668:1"/>
  </symbol>
  <symbol id="39" call="MPI_Comm_idup" comm="2" newcomm="3" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="10761" max="10761"/>
  </symbol>
  <symbol id="40" call="MPI_Iallreduce" comm="0" dtsize="8" op="MPI_MAX" site="9" prev-site="8" occurrences="5">
   <side role="member" events="5" count="1" bytes="8" rbytes="8"/>
   <compute mean="4047.6" min="1623" max="9287" shift="611" buckets="529:1 560:1 577:1 590:1 656:1"/>
   <duration mean="6236" min="2255" max="18865" buckets="555:1 561:1 578:1 602:1 707:1"/>
  </symbol>
  <symbol id="41" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="5">
   <side role="member" events="5" count="0"/>
   <link dist="2" index="0" call="MPI_Comm_idup"/>
   <link dist="1" index="1" call="MPI_Iallreduce"/>
   <compute mean="30107.4" min="21780" max="48671" shift="611" buckets="716:1 717:1 721:1 752:1 774:1"/>
   <compute-cpu mean="28303" min="20428" max="46727" shift="611" buckets="712:1 713:1 714:1 749:1 771:1"/>
   <duration mean="222291" min="12644" max="984547" buckets="677:1 723:1 751:1 786:1 993:1"/>
  </symbol>
  <symbol id="42" call="MPI_Bcast" comm="3" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1024" rbytes="1024"/>
   <compute mean="6853" min="6853" max="6853" shift="611" buckets="634:1"/>
   <duration min="16611" max="16611"/>
  </symbol>
  <symbol id="43" call="MPI_Comm_free" comm="3" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="3106" max="3106" shift="611"/>
   <duration min="7504" max="7504"/>
  </symbol>
  <symbol id="44" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="6" prev-site="12" occurrences="5">
   <side role="member" events="5" count="1" bytes="8" rbytes="8"/>
   <compute mean="42000.6" min="41337" max="42760" shift="611" buckets="763:3 764:1 765:1"/>
   <compute-cpu mean="40233.4" min="39755" max="40736" shift="611" buckets="760:1 761:3 762:1"/>
   <duration mean="3386.6" min="1714" max="7624" buckets="533:1 551:2 582:1 643:1"/>
  </symbol>
  <symbol id="45" call="MPI_Comm_idup" comm="2" newcomm="4" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="9297" max="9297"/>
  </symbol>
  <symbol id="46" call="MPI_Bcast" comm="4" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1024" rbytes="1024"/>
   <compute min="751" max="751" shift="611"/>
   <duration min="6212" max="6212"/>
  </symbol>
  <symbol id="47" call="MPI_Comm_free" comm="4" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="722" min="722" max="722" shift="611" buckets="471:1"/>
   <duration min="1252" max="1252"/>
  </symbol>
  <symbol id="48" call="MPI_Comm_idup" comm="2" newcomm="5" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="9959" max="9959"/>
  </symbol>
  <symbol id="49" call="MPI_Bcast" comm="5" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1024" rbytes="1024"/>
   <compute min="932" max="932" shift="611"/>
   <duration min="4068" max="4068"/>
  </symbol>
  <symbol id="50" call="MPI_Comm_free" comm="5" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="501" min="501" max="501" shift="611" buckets="448:1"/>
   <duration min="811" max="811"/>
  </symbol>
  <symbol id="51" call="MPI_Comm_idup" comm="2" newcomm="6" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="3696" max="3696"/>
  </symbol>
  <symbol id="52" call="MPI_Bcast" comm="6" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1024" rbytes="1024"/>
   <compute mean="501" min="501" max="501" shift="611" buckets="448:1"/>
   <duration min="3247" max="3247"/>
  </symbol>
  <symbol id="53" call="MPI_Comm_free" comm="6" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="190" min="190" max="190" shift="611" buckets="375:1"/>
   <duration min="1022" max="1022"/>
  </symbol>
  <symbol id="54" call="MPI_Comm_idup" comm="2" newcomm="7" site="8" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="3637" max="3637"/>
  </symbol>
  <symbol id="55" call="MPI_Bcast" comm="7" dtsize="1" site="11" prev-site="10" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1024" rbytes="1024"/>
   <compute mean="41" min="41" max="41" shift="611" buckets="260:1"/>
   <duration min="2895" max="2895"/>
  </symbol>
  <symbol id="56" call="MPI_Comm_free" comm="7" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="521" max="521"/>
  </symbol>
  <symbol id="57" call="MPI_Barrier" comm="0" site="13" prev-site="7" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="611"/>
   <duration min="5170" max="5170"/>
  </symbol>
  <symbol id="58" call="MPI_Comm_free" comm="2" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2846" max="2846" shift="611"/>
   <duration min="1192" max="1192"/>
  </symbol>
  <symbol id="59" call="MPI_Finalize" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="4899" min="4899" max="4899" shift="611" buckets="610:1"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="2" events="2" time-ns="61770.464705882354">
   <s ref="37"/>
   <s ref="38"/>
  </block>
  <block id="3" events="114" time-ns="5083823.999999999">
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <loop body="2" count="6"/>
   <s ref="37"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <loop body="2" count="6"/>
   <s ref="37"/>
   <s ref="45"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="44"/>
   <loop body="2" count="6"/>
   <s ref="37"/>
   <s ref="48"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="49"/>
   <s ref="50"/>
   <s ref="44"/>
   <loop body="2" count="6"/>
   <s ref="37"/>
   <s ref="51"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="52"/>
   <s ref="53"/>
   <s ref="44"/>
   <loop body="2" count="6"/>
   <s ref="37"/>
   <s ref="54"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="55"/>
   <s ref="56"/>
   <s ref="44"/>
   <loop body="2" count="4"/>
   <s ref="37"/>
   <s ref="57"/>
   <s ref="58"/>
   <s ref="59"/>
  </block>
  <dominant block="2" count="6" share="0.4131133965298563" iteration-ns="61770.464705882354"/>
 </class>
</signature>
