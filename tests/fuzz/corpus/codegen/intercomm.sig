<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>tests/irregular/intercomm</arg>
  <arg>-i</arg>
  <arg>40</arg>
  <arg>-p</arg>
  <arg>10</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="1" ratio="5.849056603773585" trace-length="310" signature-length="53"/>
 <sites>
  <site id="0" module="/work/main/build/release/tests/irregular/intercomm" offset="4665" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="21"/>
  <site id="1" module="/work/main/build/release/tests/irregular/intercomm" offset="5186" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="36"/>
  <site id="2" module="/work/main/build/release/tests/irregular/intercomm" offset="5235" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="37"/>
  <site id="3" module="/work/main/build/release/tests/irregular/intercomm" offset="5337" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="4" module="/work/main/build/release/tests/irregular/intercomm" offset="6012" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="50"/>
  <site id="5" module="/work/main/build/release/tests/irregular/intercomm" offset="6053" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="51"/>
  <site id="6" module="/work/main/build/release/tests/irregular/intercomm" offset="6073" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="52"/>
  <site id="7" module="/work/main/build/release/tests/irregular/intercomm" offset="5637" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="58"/>
  <site id="8" module="/work/main/build/release/tests/irregular/intercomm" offset="6181" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="61"/>
  <site id="9" module="/work/main/build/release/tests/irregular/intercomm" offset="5734" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="10" module="/work/main/build/release/tests/irregular/intercomm" offset="5768" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="64"/>
  <site id="11" module="/work/main/build/release/tests/irregular/intercomm" offset="5820" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="66"/>
  <site id="12" module="/work/main/build/release/tests/irregular/intercomm" offset="5828" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="67"/>
  <site id="13" module="/work/main/build/release/tests/irregular/intercomm" offset="5838" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="68"/>
  <site id="14" module="/work/main/build/release/tests/irregular/intercomm" offset="5848" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="69"/>
  <site id="15" module="/work/main/build/release/tests/irregular/intercomm" offset="5884" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="75"/>
  <site id="16" module="/work/main/build/release/tests/irregular/intercomm" offset="6123" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="55"/>
  <site id="17" module="/work/main/build/release/tests/irregular/intercomm" offset="6162" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="56"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="4423066830253452347" created-by="MPI_Comm_split" parent-slot="0" members="0"/>
  <comm id="2" gid="5232202653725393047" created-by="MPI_Intercomm_create" parent-slot="2" inter="1" members="0" remote="1"/>
  <comm id="3" gid="1292832255972218122" created-by="MPI_Intercomm_merge" parent-slot="3" members="0 1"/>
  <comm id="4" gid="4464842553517760158" created-by="MPI_Comm_split" parent-slot="0" members="1"/>
  <comm id="5" gid="4284109217381932910" created-by="MPI_Intercomm_create" parent-slot="2" inter="1" members="1" remote="0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="175" time-ns="95706361" compute-ns="2040031" mpi-ns="75429255" per-event-ns="351" comms="0 - 1 2 3"/>
  <rank id="1" class="1" events="135" time-ns="97804247" compute-ns="1840658" mpi-ns="83951303" per-event-ns="70" comms="0 - 4 5 3"/>
 </ranks>
 <class id="0" ranks="0" program="2" events="175" length="28" time-ns="95706361">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="14106" max="14106" shift="351"/>
   <duration min="73352258" max="73352258"/>
  </symbol>
  <symbol id="1" call="MPI_Comm_split" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="26520" min="26520" max="26520" shift="351" buckets="731:1"/>
   <compute-cpu min="22768" max="22768" shift="351"/>
   <duration min="219402" max="219402"/>
  </symbol>
  <symbol id="2" call="MPI_Intercomm_create" comm="2" newcomm="3" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="41377" min="41377" max="41377" shift="351" buckets="762:1"/>
   <compute-cpu min="38662" max="38662" shift="351"/>
   <duration min="100278" max="100278"/>
  </symbol>
  <symbol id="3" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="9668" max="9668" shift="351"/>
   <duration min="16020" max="16020"/>
  </symbol>
  <symbol id="4" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="3" occurrences="1">
   <peer kind="abs" value="0"/>
   <side role="member" events="1" count="1024" bytes="1024"/>
   <compute min="48951" max="48951" shift="351"/>
   <compute-cpu min="46977" max="46977" shift="351"/>
   <duration min="82495" max="82495"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="3" tag="2" dtsize="1" site="5" prev-site="4" occurrences="40">
   <peer kind="abs" value="0"/>
   <side role="member" events="40" count="1024" bytes="1024"/>
   <compute mean="935.45" min="0" max="35597" shift="351" zeros="22" buckets="162:1 212:1 243:1 264:1 279:3 321:2 341:3 353:1 357:1 380:1 389:1 453:1 753:1"/>
   <compute-cpu mean="380.5" min="0" max="13154" shift="351" zeros="22" buckets="162:1 212:1 243:1 264:1 279:3 321:2 341:3 353:1 357:1 380:1 389:1 453:1 680:1"/>
   <duration mean="490.325" min="130" max="10479" buckets="350:1 354:1 358:1 362:3 366:2 370:4 374:5 378:3 386:1 389:1 393:1 394:1 397:1 400:2 402:2 404:3 406:2 408:1 412:1 416:1 440:1 451:1 663:1"/>
  </symbol>
  <symbol id="6" call="MPI_Waitall" comm="0" site="6" prev-site="5" occurrences="40">
   <side role="member" events="40" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <link dist="1" index="1" call="MPI_Irecv"/>
   <compute mean="86.7" min="0" max="3336" shift="351" zeros="38" buckets="337:1 581:1"/>
   <duration mean="8227.4" min="3987" max="21831" buckets="597:1 600:2 601:2 603:2 604:2 605:1 606:1 608:1 609:1 612:1 613:1 615:1 617:2 618:1 620:1 625:2 635:1 637:1 641:2 644:1 651:1 656:1 676:1 677:1 679:1 680:1 682:1 693:1 694:2 698:1 703:1 716:1"/>
  </symbol>
  <symbol id="7" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="7" prev-site="6" occurrences="40">
   <side role="member" events="40" count="1" bytes="8" rbytes="8"/>
   <compute mean="245.9" min="0" max="6402" shift="351" zeros="6" buckets="162:2 243:2 264:2 279:2 295:2 314:2 317:1 321:1 329:4 337:2 341:1 350:2 357:4 361:2 364:1 368:1 376:1 396:1 628:1"/>
   <duration mean="527.725" min="220" max="10289" buckets="385:3 386:4 389:1 390:1 393:3 394:1 397:4 400:3 402:5 404:3 406:2 408:2 412:2 416:2 424:2 459:1 662:1"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="7" occurrences="36">
   <peer kind="abs" value="0"/>
   <side role="member" events="36" count="1024" bytes="1024"/>
   <compute mean="43645.88888888889" min="41116" max="81052" shift="351" buckets="762:28 763:5 765:1 811:1 812:1"/>
   <compute-cpu mean="42213.694444444445" min="39835" max="79529" shift="351" buckets="760:31 761:2 763:1 810:2"/>
   <duration mean="7422.777777777777" min="4298" max="14317" buckets="602:1 603:2 605:2 606:2 607:3 608:1 609:1 610:2 611:2 613:1 614:2 616:2 618:1 627:1 656:1 657:1 663:1 669:2 670:1 671:1 673:1 674:1 676:1 679:1 687:2"/>
  </symbol>
  <symbol id="9" call="MPI_Barrier" comm="3" site="8" prev-site="7" occurrences="4">
   <side role="member" events="4" count="0"/>
   <compute mean="0" min="0" max="0" shift="351" zeros="4" buckets=""/>
   <duration mean="8057.5" min="3296" max="20338" buckets="580:1 581:1 613:1 712:1"/>
  </symbol>
  <symbol id="10" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="8" occurrences="3">
   <peer kind="abs" value="0"/>
   <side role="member" events="3" count="1024" bytes="1024"/>
   <compute mean="42045" min="41367" max="43190" shift="351" buckets="762:2 765:1"/>
   <compute-cpu mean="40526" min="39945" max="41638" shift="351" buckets="760:2 763:1"/>
   <duration mean="5062.666666666667" min="4718" max="5280" buckets="607:1 613:1 614:1"/>
  </symbol>
  <symbol id="11" call="MPI_Barrier" comm="0" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="351"/>
   <duration min="3867" max="3867"/>
  </symbol>
  <symbol id="12" call="MPI_Intercomm_merge" comm="3" newcomm="4" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="8195" max="8195" shift="351"/>
   <duration min="959559" max="959559"/>
  </symbol>
  <symbol id="13" call="MPI_Allreduce" comm="4" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="12824" max="12824" shift="351"/>
   <duration min="4829" max="4829"/>
  </symbol>
  <symbol id="14" call="MPI_Comm_free" comm="4" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="4859" max="4859" shift="351"/>
   <duration min="4328" max="4328"/>
  </symbol>
  <symbol id="15" call="MPI_Comm_free" comm="3" site="13" prev-site="12" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="681" max="681" shift="351"/>
   <duration min="1072" max="1072"/>
  </symbol>
  <symbol id="16" call="MPI_Comm_free" comm="2" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="190" min="190" max="190" shift="351" buckets="373:1"/>
   <duration min="691" max="691"/>
  </symbol>
  <symbol id="17" call="MPI_Finalize" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="134092" max="134092" shift="351"/>
   <compute-cpu min="43611" max="43611" shift="351"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="4" time-ns="61582.16666666667">
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
  </block>
  <block id="1" events="41" time-ns="619918.1666666665">
   <loop body="0" count="9"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
  </block>
  <block id="2" events="175" time-ns="4126569">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <loop body="1" count="3"/>
   <loop body="0" count="9"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
  </block>
  <dominant block="0" count="9" share="0.5372400170698709" iteration-ns="61582.16666666667"/>
 </class>
 <class id="1" ranks="1" program="5" events="135" length="25" time-ns="97804247">
  <symbol id="18" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="12143" max="12143" shift="70"/>
   <duration min="75573856" max="75573856"/>
  </symbol>
  <symbol id="19" call="MPI_Comm_split" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="24786" max="24786" shift="70"/>
   <compute-cpu min="20648" max="20648" shift="70"/>
   <duration min="6434190" max="6434190"/>
  </symbol>
  <symbol id="20" call="MPI_Intercomm_create" comm="2" newcomm="3" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="67907" max="67907" shift="70"/>
   <compute-cpu min="59071" max="59071" shift="70"/>
   <duration min="47028" max="47028"/>
  </symbol>
  <symbol id="21" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7595" max="7595" shift="70"/>
   <duration min="22672" max="22672"/>
  </symbol>
  <symbol id="22" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="16" prev-site="3" occurrences="1">
   <peer kind="any"/>
   <side role="member" events="1" count="1024" bytes="1024" rbytes="1024"/>
   <compute min="48261" max="48261" shift="70"/>
   <compute-cpu min="47059" max="47059" shift="70"/>
   <duration min="84619" max="84619"/>
  </symbol>
  <symbol id="23" call="MPI_Send" comm="3" tag="2" dtsize="1" site="17" prev-site="16" occurrences="40">
   <peer kind="reply"/>
   <reply-alt kind="abs" value="0"/>
   <side role="member" events="40" count="1024" bytes="1024"/>
   <compute mean="550.5" min="10" max="19516" shift="70" buckets="162:4 212:6 218:1 243:3 260:4 278:2 292:6 296:1 304:3 320:1 335:1 344:1 355:2 358:1 366:1 367:1 397:1 709:1"/>
   <duration mean="5092.4" min="2765" max="17032" buckets="567:2 573:1 574:1 577:2 578:3 580:3 582:1 583:2 584:1 586:1 589:1 591:1 592:1 593:3 602:3 604:1 610:1 613:1 620:1 644:1 646:1 648:2 650:1 651:1 652:2 663:1 701:1"/>
  </symbol>
  <symbol id="24" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="7" prev-site="17" occurrences="40">
   <side role="member" events="40" count="1" bytes="8" rbytes="8"/>
   <compute mean="200.825" min="20" max="3477" shift="70" buckets="212:4 218:2 243:3 260:7 279:1 292:4 296:2 312:1 355:1 358:1 362:1 366:1 370:2 373:2 381:1 389:1 404:1 406:1 416:1 418:1 447:1 584:1"/>
   <duration mean="512.4" min="50" max="17403" buckets="278:1 293:6 295:1 303:1 304:14 305:2 312:6 320:2 321:1 328:2 343:1 366:1 374:1 703:1"/>
  </symbol>
  <symbol id="25" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="16" prev-site="7" occurrences="36">
   <peer kind="any"/>
   <side role="member" events="36" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="41888.47222222222" min="40877" max="56947" shift="70" buckets="762:27 763:6 765:1 781:1 787:1"/>
   <compute-cpu mean="40911.916666666664" min="39975" max="55905" shift="70" buckets="761:31 762:2 763:1 780:1 785:1"/>
   <duration mean="14370.583333333334" min="6111" max="44644" buckets="624:1 629:1 632:1 636:1 637:1 639:3 643:1 647:1 649:1 650:2 651:2 652:2 668:2 671:2 681:1 695:1 697:1 703:2 706:1 710:1 711:1 713:1 715:1 716:1 717:1 752:1 757:1 768:1"/>
  </symbol>
  <symbol id="26" call="MPI_Barrier" comm="3" site="8" prev-site="7" occurrences="4">
   <side role="member" events="4" count="0"/>
   <compute mean="12.75" min="0" max="30" shift="70" zeros="1" buckets="162:1 168:1 243:1"/>
   <duration mean="10760.25" min="3657" max="21280" buckets="589:1 650:1 659:1 714:1"/>
  </symbol>
  <symbol id="27" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="16" prev-site="8" occurrences="3">
   <peer kind="any"/>
   <side role="member" events="3" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="41421" min="40997" max="42229" shift="70" buckets="762:2 764:1"/>
   <compute-cpu mean="40439" min="40055" max="41187" shift="70" buckets="761:2 762:1"/>
   <duration mean="7500.666666666667" min="7023" max="7805" buckets="635:1 643:1 645:1"/>
  </symbol>
  <symbol id="28" call="MPI_Barrier" comm="0" site="9" prev-site="8" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="20" max="20" shift="70"/>
   <duration min="5029" max="5029"/>
  </symbol>
  <symbol id="29" call="MPI_Intercomm_merge" comm="3" newcomm="4" site="10" prev-site="9" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5521" max="5521" shift="70"/>
   <duration min="953189" max="953189"/>
  </symbol>
  <symbol id="30" call="MPI_Allreduce" comm="4" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="6031" max="6031" shift="70"/>
   <duration min="19957" max="19957"/>
  </symbol>
  <symbol id="31" call="MPI_Comm_free" comm="4" site="12" prev-site="11" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2205" max="2205" shift="70"/>
   <duration min="2665" max="2665"/>
  </symbol>
  <symbol id="32" call="MPI_Comm_free" comm="3" site="13" prev-site="12" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="641" max="641" shift="70"/>
   <duration min="661" max="661"/>
  </symbol>
  <symbol id="33" call="MPI_Comm_free" comm="2" site="14" prev-site="13" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="391" max="391" shift="70"/>
   <duration min="361" max="361"/>
  </symbol>
  <symbol id="34" call="MPI_Finalize" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="2805" max="2805" shift="70"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="3" events="3" time-ns="62615.180555555555">
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
  </block>
  <block id="4" events="31" time-ns="629587.4166666666">
   <loop body="3" count="9"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="26"/>
   <s ref="27"/>
  </block>
  <block id="5" events="135" time-ns="10218105">
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <loop body="4" count="3"/>
   <loop body="3" count="9"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="26"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
  </block>
  <dominant block="3" count="9" share="0.22060318424991718" iteration-ns="62615.180555555555"/>
 </class>
</signature>
